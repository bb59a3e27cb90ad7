import { createHash, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Principal } from '@pc/auth';
import { ProblemException, type FieldError } from '@pc/http';
import { OnboardingWriter } from '../onboardings/onboarding-writer';
import { OnboardingsRepository } from '../onboardings/onboardings.repository';
import { detectDocumentFormat } from './document-format';
import { DocumentStorage } from './document-storage.port';
import { DocumentsRepository } from './documents.repository';
import { documentTooLarge } from './document-upload.interceptor';
import {
  MAX_DOCUMENT_BYTES,
  type DocumentResponse,
  type UploadDocumentDto,
} from './dto/upload-document.dto';

export interface UploadedPart {
  buffer: Buffer;
  originalname: string;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

interface Content {
  bytes: Buffer;
  filename: string;
  field: 'file' | 'content_base64';
}

/** Upload Onboarding Document: content checked by its bytes, stored behind the port, then attached. */
@Injectable()
export class DocumentsService {
  constructor(
    private readonly writer: OnboardingWriter,
    private readonly documents: DocumentsRepository,
    private readonly storage: DocumentStorage,
    private readonly onboardings: OnboardingsRepository,
  ) {}

  async upload(
    principal: Principal,
    ref: string,
    dto: UploadDocumentDto,
    file?: UploadedPart,
  ): Promise<DocumentResponse> {
    const content = contentOf(dto, file);
    checkTarget(dto);
    const format = detectDocumentFormat(content.bytes);
    if (!format) {
      throw ProblemException.unprocessable(
        'unsupported_document_format',
        'Unsupported document format',
        'Documents must be pdf, png, jpg/jpeg or tiff (judged by the content, not the name).',
        [
          {
            field: content.field,
            code: 'unsupported_document_format',
            message: 'content is not pdf, png, jpeg or tiff',
          },
        ],
      );
    }
    if (!(await this.onboardings.findScoped(principal, ref)))
      throw ProblemException.notFound('Onboarding');
    // Stored before the transaction: the content is written once, by its own key, and only a committed
    // metadata row points at it.
    const storageKey = await this.storage.put(content.bytes);
    const stored = {
      filename: content.filename,
      format,
      sizeBytes: content.bytes.length,
      sha256: createHash('sha256').update(content.bytes).digest('hex'),
      storageKey,
    };
    const { result } = await this.writer.write(
      principal,
      ref,
      { requireEditable: true },
      async (onboarding, manager) => {
        if (dto.document_id) {
          const required = await this.documents.findOnOnboarding(
            manager,
            onboarding.id,
            dto.document_id,
          );
          if (!required?.required_for) {
            throw ProblemException.unprocessable(
              'document_not_found',
              'Document not found',
              'document_id must be a required regulated-activity document of this onboarding.',
              [
                {
                  field: 'document_id',
                  code: 'document_not_found',
                  message: 'no such required document on this onboarding',
                },
              ],
            );
          }
          await this.documents.fill(manager, required.id, stored);
          return {
            document_id: required.id,
            document_type: required.document_type,
            subject: required.subject,
            filename: stored.filename,
            format,
            size_bytes: stored.sizeBytes,
          };
        }
        const id = randomUUID();
        const type = { documentType: dto.document_type as string, subject: dto.subject as string };
        await this.documents.insertUploaded(manager, onboarding.id, id, type, stored);
        return {
          document_id: id,
          document_type: type.documentType,
          subject: type.subject,
          filename: stored.filename,
          format,
          size_bytes: stored.sizeBytes,
        };
      },
    );
    return result;
  }
}

function contentOf(dto: UploadDocumentDto, file?: UploadedPart): Content {
  if (file) {
    const extra = (['content_base64', 'filename'] as const).filter(
      (field) => dto[field] !== undefined,
    );
    if (extra.length > 0) {
      throw ProblemException.validation(
        extra.map((field) => ({
          field,
          code: 'not_allowed',
          message: `${field} is not allowed with a multipart file`,
        })),
      );
    }
    if (file.buffer.length === 0)
      throw ProblemException.validation([
        { field: 'file', code: 'empty_file', message: 'file is empty' },
      ]);
    return {
      bytes: file.buffer,
      filename: file.originalname.slice(0, 255) || 'document',
      field: 'file',
    };
  }
  const errors: FieldError[] = [];
  if (dto.content_base64 === undefined)
    errors.push({
      field: 'content_base64',
      code: 'required',
      message: 'send the file as a multipart `file` part or as content_base64 + filename',
    });
  if (dto.filename === undefined)
    errors.push({
      field: 'filename',
      code: 'required',
      message: 'filename is required with content_base64',
    });
  if (errors.length > 0) throw ProblemException.validation(errors);
  const encoded = dto.content_base64 as string;
  if (encoded.length % 4 !== 0 || !BASE64.test(encoded))
    throw ProblemException.validation([
      {
        field: 'content_base64',
        code: 'invalid_base64',
        message: 'content_base64 is not padded standard base64',
      },
    ]);
  if ((encoded.length / 4) * 3 - (encoded.match(/=+$/)?.[0].length ?? 0) > MAX_DOCUMENT_BYTES)
    throw documentTooLarge('content_base64');
  const bytes = Buffer.from(encoded, 'base64');
  if (bytes.length === 0)
    throw ProblemException.validation([
      { field: 'content_base64', code: 'empty_file', message: 'content_base64 is empty' },
    ]);
  return { bytes, filename: dto.filename as string, field: 'content_base64' };
}

function checkTarget(dto: UploadDocumentDto): void {
  const typed = dto.document_type !== undefined || dto.subject !== undefined;
  if (dto.document_id !== undefined && typed) {
    const field = dto.document_type !== undefined ? 'document_type' : 'subject';
    throw ProblemException.validation([
      { field, code: 'not_allowed', message: `${field} is not allowed with document_id` },
    ]);
  }
  if (dto.document_id !== undefined) return;
  const errors: FieldError[] = [];
  if (dto.document_type === undefined)
    errors.push({
      field: 'document_type',
      code: 'required',
      message: 'document_type (with subject) or document_id is required',
    });
  if (dto.subject === undefined)
    errors.push({
      field: 'subject',
      code: 'required',
      message: 'subject is required with document_type',
    });
  if (errors.length > 0) throw ProblemException.validation(errors);
}
