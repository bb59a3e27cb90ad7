import { Type } from 'class-transformer';
import { IsInt, IsString, Max, Min, ValidateNested } from 'class-validator';
import { ProblemException } from '../problem/problem.exception';
import { MayBeOmitted } from './may-be-omitted.decorator';
import { createValidationPipe } from './validation.pipe';

class Address {
  @IsString()
  city: string;
}

class Body {
  @IsInt()
  @Min(1)
  @Max(100)
  amount: number;

  @ValidateNested()
  @Type(() => Address)
  address: Address;

  @MayBeOmitted()
  @IsString()
  note?: string;
}

async function problemFor(value: unknown): Promise<ProblemException> {
  try {
    await createValidationPipe().transform(value, { type: 'body', metatype: Body });
  } catch (error) {
    return error as ProblemException;
  }
  throw new Error('expected validation to fail');
}

describe('validation pipe', () => {
  it('rejects unknown fields instead of dropping them', async () => {
    const problem = await problemFor({ amount: 1, address: { city: 'Kraków' }, extra: true });
    expect(problem.problem.status).toBe(422);
    expect(problem.problem.errors).toEqual([
      { field: 'extra', code: 'unknown_field', message: 'extra is not a known field' },
    ]);
  });

  it('names nested fields with a dotted path and a stable code', async () => {
    const problem = await problemFor({ amount: '5', address: { city: 7 } });
    expect(problem.problem.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'amount', code: 'must_be_integer' }),
        expect.objectContaining({ field: 'address.city', code: 'must_be_string' }),
      ]),
    );
  });

  it('reports a value of the wrong type once, not once per rule it then breaks', async () => {
    const wrongType = await problemFor({ amount: 'many', address: { city: 'Łódź' } });
    expect(wrongType.problem.errors).toEqual([
      expect.objectContaining({ field: 'amount', code: 'must_be_integer' }),
    ]);
    const outOfRange = await problemFor({ amount: 500, address: { city: 'Łódź' } });
    expect(outOfRange.problem.errors).toEqual([
      expect.objectContaining({ field: 'amount', code: 'too_large' }),
    ]);
  });

  it('passes a valid body through as an instance of its class', async () => {
    const value = await createValidationPipe().transform(
      { amount: 5, address: { city: 'Gdańsk' } },
      { type: 'body', metatype: Body },
    );
    expect(value).toBeInstanceOf(Body);
  });

  it('lets an omittable field be left out, but refuses null for it', async () => {
    const pipe = createValidationPipe();
    const omitted = await pipe.transform(
      { amount: 1, address: { city: 'Kraków' } },
      { type: 'body', metatype: Body },
    );
    expect(omitted.note).toBeUndefined();
    const problem = await problemFor({ amount: 1, address: { city: 'Kraków' }, note: null });
    expect(problem.problem.errors).toEqual([
      { field: 'note', code: 'must_be_string', message: 'note must be a string' },
    ]);
  });
});
