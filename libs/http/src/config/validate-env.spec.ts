import { IsBoolean, IsInt, IsString } from 'class-validator';
import { EnvBoolean, InvalidConfigurationError, loadEnv } from './validate-env';

class ExampleEnv {
  @IsInt()
  PORT: number = 3000;

  @IsString()
  SECRET: string;

  @EnvBoolean()
  @IsBoolean()
  SANDBOX_MODE: boolean = true;
}

describe('loadEnv', () => {
  it('applies defaults and converts numbers and booleans', () => {
    const env = loadEnv(ExampleEnv, { SECRET: 'x', PORT: '4000', SANDBOX_MODE: 'false' });
    expect(env).toMatchObject({ PORT: 4000, SECRET: 'x', SANDBOX_MODE: false });
  });

  it('names every missing or malformed variable', () => {
    expect(() => loadEnv(ExampleEnv, { PORT: 'eighty', SANDBOX_MODE: 'maybe' })).toThrow(
      InvalidConfigurationError,
    );
    try {
      loadEnv(ExampleEnv, { PORT: 'eighty', SANDBOX_MODE: 'maybe' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('SECRET');
      expect(message).toContain('SANDBOX_MODE');
    }
  });
});
