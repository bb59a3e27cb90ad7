import { ValidateIf } from 'class-validator';

/**
 * The field may be left out. Unlike class-validator's `@IsOptional()`, `null` is not "left out": it
 * is validated like any other value, so the field's type rule refuses it (422 `must_be_string`, …)
 * instead of letting it reach code that expects a string or nothing. A field where `null` means
 * something (clearing a value) says so with `@IsOptional()` and `nullable` in its API property.
 */
export function MayBeOmitted(): PropertyDecorator {
  return ValidateIf((_object: object, value: unknown) => value !== undefined);
}
