import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsUUID } from 'class-validator';
import { MayBeOmitted } from '@pc/http';
import { Text } from '../../common/validation.decorators';

export const DOCUMENT_TYPES = [
  'identity_document',
  'power_of_attorney',
  'registration_certificate',
  'regulated_activity_licence',
  'proof_of_address',
  'bank_statement',
  'other',
] as const;
export const DOCUMENT_SUBJECTS = [
  'company',
  'applicant',
  'representative',
  'beneficial_owner',
] as const;
/** 5120 KB (spec, section 8). */
export const MAX_DOCUMENT_BYTES = 5120 * 1024;

/**
 * The fields of an upload. With multipart the content is the `file` part; with JSON it is
 * `content_base64` + `filename`. Either `document_type` + `subject`, or `document_id` of a required
 * regulated-activity document.
 */
export class UploadDocumentDto {
  @ApiPropertyOptional({
    description: 'JSON uploads: the file, base64 (standard alphabet, padded).',
    example: 'JVBERi0xLjcK...',
  })
  @MayBeOmitted()
  @Text(8 * 1024 * 1024)
  content_base64?: string;

  @ApiPropertyOptional({
    description: 'JSON uploads: the file name (informative; the format is read from the content).',
    example: 'licence.pdf',
  })
  @MayBeOmitted()
  @Text(255)
  filename?: string;

  @ApiPropertyOptional({ enum: DOCUMENT_TYPES, example: 'power_of_attorney' })
  @MayBeOmitted()
  @IsIn(DOCUMENT_TYPES)
  document_type?: (typeof DOCUMENT_TYPES)[number];

  @ApiPropertyOptional({ enum: DOCUMENT_SUBJECTS, example: 'representative' })
  @MayBeOmitted()
  @IsIn(DOCUMENT_SUBJECTS)
  subject?: (typeof DOCUMENT_SUBJECTS)[number];

  @ApiPropertyOptional({
    format: 'uuid',
    description:
      'A required regulated-activity document (from finalize or the bank/profile segment).',
  })
  @MayBeOmitted()
  @IsUUID('all', { message: 'document_id must be a UUID' })
  document_id?: string;
}

export class DocumentResponse {
  @ApiProperty({ format: 'uuid', example: '3d8a6c1e-9f0b-4a57-8e2c-5b1d7f9a0c34' })
  document_id: string;
  @ApiProperty({ enum: DOCUMENT_TYPES })
  document_type: string;
  @ApiProperty({ enum: DOCUMENT_SUBJECTS, nullable: true, type: String })
  subject: string | null;
  @ApiProperty({ example: 'licence.pdf' })
  filename: string;
  @ApiProperty({ enum: ['pdf', 'png', 'jpeg', 'tiff'], description: 'Detected from the content.' })
  format: string;
  @ApiProperty({ example: 48213 })
  size_bytes: number;
}
