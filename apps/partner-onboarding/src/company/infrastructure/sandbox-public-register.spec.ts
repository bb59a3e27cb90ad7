import { isValidKrs, isValidNip, isValidRegon } from '../../common/polish-identifiers';
import { SANDBOX_REGISTER, SandboxPublicRegister } from './sandbox-public-register';

describe('sandbox public register', () => {
  it('documents only valid identifiers', () => {
    for (const entry of SANDBOX_REGISTER) {
      expect(isValidNip(entry.nip)).toBe(true);
      expect(isValidRegon(entry.regon)).toBe(true);
      if (entry.krs) expect(isValidKrs(entry.krs)).toBe(true);
    }
  });

  it('finds a documented NIP and knows no other', async () => {
    const register = new SandboxPublicRegister();
    expect((await register.findByNip('5260000011'))?.governing_body.representation_rule).toBe(
      'joint',
    );
    expect(await register.findByNip('5260000040')).toBeNull();
  });
});
