import { applyDecorators } from '@nestjs/common';
import {
  IsDefined,
  IsString,
  MaxLength,
  Matches,
  MinLength,
  ValidateBy,
  type ValidationArguments,
  type ValidationOptions,
} from 'class-validator';

/** No control characters (PostgreSQL rejects NUL in text and jsonb; the others are never meaningful). */
function isPrintable(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return false;
  }
  return true;
}

/** A required, printable, trimmed-length-bounded string. */
export function Text(maxLength: number, minLength = 1): PropertyDecorator {
  return applyDecorators(
    IsDefined(),
    IsString(),
    MinLength(minLength),
    MaxLength(maxLength),
    ValidateBy({
      name: 'noControlCharacters',
      validator: {
        validate: isPrintable,
        defaultMessage: (args?: ValidationArguments) =>
          `${args?.property ?? 'value'} must not contain control characters`,
      },
    }),
  );
}

const PERSON_NAME = /^\p{L}[\p{L}\p{M} .'-]*$/u;

/** A person's first or last name: letters, spaces, apostrophes and hyphens, at most 100 characters. */
export function PersonName(): PropertyDecorator {
  return applyDecorators(
    Text(100),
    Matches(PERSON_NAME, {
      message: ({ property }) => `${property} must be letters, spaces, apostrophes or hyphens`,
    }),
  );
}

/** Checks a string with a domain function (checksums); the constraint name becomes the error code. */
export function SatisfiesCheck(
  name: string,
  check: (value: string) => boolean,
  message: string,
  options?: ValidationOptions,
): PropertyDecorator {
  return ValidateBy(
    {
      name,
      validator: {
        validate: (value: unknown) => typeof value === 'string' && check(value),
        defaultMessage: (args?: ValidationArguments) => `${args?.property ?? 'value'} ${message}`,
      },
    },
    options,
  );
}

/** The field must be absent when `condition` holds for the object (e.g. company fields of a natural person). */
export function AbsentWhen(
  condition: (object: Record<string, unknown>) => boolean,
  reason: string,
): PropertyDecorator {
  return ValidateBy({
    name: 'notAllowed',
    validator: {
      validate: (value: unknown, args?: ValidationArguments) =>
        value === undefined || !condition((args?.object ?? {}) as Record<string, unknown>),
      defaultMessage: (args?: ValidationArguments) =>
        `${args?.property ?? 'field'} is not allowed ${reason}`,
    },
  });
}

export const COUNTRY_CODE = /^[A-Z]{2}$/;
export const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
