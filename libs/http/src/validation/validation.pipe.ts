import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { ProblemException, type FieldError } from '../problem/problem.exception';

/** class-validator constraint names → our stable snake_case field error codes. */
const CODE_BY_CONSTRAINT: Record<string, string> = {
  whitelistValidation: 'unknown_field',
  isDefined: 'required',
  isNotEmpty: 'required',
  isString: 'must_be_string',
  isInt: 'must_be_integer',
  isNumber: 'must_be_number',
  isBoolean: 'must_be_boolean',
  isArray: 'must_be_array',
  isEnum: 'invalid_value',
  isIn: 'invalid_value',
  isUuid: 'invalid_uuid',
  isEmail: 'invalid_email',
  isUrl: 'invalid_url',
  isIso8601: 'invalid_datetime',
  isDateString: 'invalid_datetime',
  min: 'too_small',
  max: 'too_large',
  minLength: 'too_short',
  maxLength: 'too_long',
  arrayMinSize: 'too_few_items',
  arrayMaxSize: 'too_many_items',
  matches: 'invalid_format',
  nestedValidation: 'invalid_object',
};

function toSnakeCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

/** A missing value or one of the wrong type is reported once, not once per rule it then breaks. */
const DECISIVE_CONSTRAINTS = [
  'whitelistValidation',
  'isDefined',
  'isString',
  'isInt',
  'isNumber',
  'isBoolean',
  'isArray',
];

function reportedConstraints(constraints: Record<string, string>): [string, string][] {
  const all = Object.entries(constraints);
  const decisive = DECISIVE_CONSTRAINTS.find((name) => name in constraints);
  return decisive ? [[decisive, constraints[decisive]]] : all;
}

/** Flattens class-validator's tree into `{field, code, message}` with dotted paths (`owners.0.email`). */
export function toFieldErrors(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = reportedConstraints(error.constraints ?? {}).map(([constraint, message]) => ({
      field,
      code: CODE_BY_CONSTRAINT[constraint] ?? toSnakeCase(constraint),
      message: constraint === 'whitelistValidation' ? `${field} is not a known field` : message,
    }));
    return [...own, ...toFieldErrors(error.children ?? [], field)];
  });
}

/**
 * Strict validation for every body and query: unknown fields are rejected (not dropped),
 * values are not coerced behind the caller's back except query strings declared with @Type.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => ProblemException.validation(toFieldErrors(errors)),
  });
}
