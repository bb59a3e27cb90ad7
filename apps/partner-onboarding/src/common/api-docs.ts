import { applyDecorators } from '@nestjs/common';
import {
  ApiExtraModels,
  ApiParam,
  ApiProperty,
  ApiPropertyOptional,
  ApiResponse,
} from '@nestjs/swagger';

export class FieldErrorDoc {
  @ApiProperty({ example: 'bank_account.iban' })
  field: string;
  @ApiProperty({ example: 'invalid_iban' })
  code: string;
  @ApiProperty({ example: 'not a valid IBAN (checksum or length)' })
  message: string;
}

/** RFC 9457 problem details as every error is returned (`application/problem+json`). */
export class ProblemDoc {
  @ApiProperty({ example: 'https://docs.partner-connect.dev/problems/validation_failed' })
  type: string;
  @ApiProperty({ example: 'Validation failed' })
  title: string;
  @ApiProperty({ example: 422 })
  status: number;
  @ApiProperty({ example: 'The request is not valid.' })
  detail: string;
  @ApiProperty({ example: 'validation_failed', description: 'Stable machine-readable code.' })
  code: string;
  @ApiPropertyOptional({ type: [FieldErrorDoc] })
  errors?: FieldErrorDoc[];
}

const DEFAULT_DESCRIPTIONS: Record<number, string> = {
  401: 'No valid partner key (`invalid_principal` behind the gateway).',
  403: 'The key lacks the scope (`insufficient_scope`).',
  404: "Unknown `ref`, or one outside the caller's channels (`not_found`).",
  409: 'The onboarding is under review or closed (`onboarding_not_editable`).',
  413: 'The document is larger than 5120 KB (`document_too_large`).',
  422: "Validation failed: `errors[]` names each field (`validation_failed` or a rule's own code).",
};

/** Documents the problem responses of an operation; `overrides` replaces a status's description. */
export function ApiProblems(
  statuses: number[],
  overrides: Record<number, string> = {},
): MethodDecorator {
  return applyDecorators(
    ApiExtraModels(ProblemDoc, FieldErrorDoc),
    ...[401, 403, ...statuses].map((status) =>
      ApiResponse({
        status,
        description: overrides[status] ?? DEFAULT_DESCRIPTIONS[status],
        content: {
          'application/problem+json': { schema: { $ref: '#/components/schemas/ProblemDoc' } },
        },
      }),
    ),
  );
}

export const ApiRefParam = () =>
  ApiParam({
    name: 'ref',
    description: 'The merchant `ref` chosen at creation.',
    example: 'shop-4711',
  });
