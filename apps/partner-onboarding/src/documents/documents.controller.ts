import { Body, Controller, Param, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiExtraModels,
  ApiOperation,
  ApiResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { CurrentPrincipal, RequireScope, type Principal } from '@pc/auth';
import { Scope } from '@pc/contracts';
import { ApiProblems, ApiRefParam } from '../common/api-docs';
import { DocumentsService, type UploadedPart } from './documents.service';
import {
  DocumentFileInterceptor,
  MultipartProblemsInterceptor,
} from './document-upload.interceptor';
import {
  DOCUMENT_SUBJECTS,
  DOCUMENT_TYPES,
  DocumentResponse,
  UploadDocumentDto,
} from './dto/upload-document.dto';

@ApiTags('Onboarding documents')
@Controller('api/v1/onboarding/:ref/documents')
export class DocumentsController {
  constructor(private readonly documents: DocumentsService) {}

  @Post()
  @RequireScope(Scope.OnboardingWrite)
  @UseInterceptors(MultipartProblemsInterceptor, DocumentFileInterceptor)
  @ApiRefParam()
  @ApiExtraModels(UploadDocumentDto)
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiOperation({
    summary: 'Upload Onboarding Document',
    description:
      'The file as a multipart part `file`, or as `content_base64` + `filename`; then `document_type` + `subject`, or ' +
      '`document_id` of a required regulated-activity document. pdf, png, jpg/jpeg or tiff, judged by the content; at most 5120 KB.',
  })
  @ApiBody({
    schema: {
      oneOf: [
        { $ref: getSchemaPath(UploadDocumentDto) },
        {
          type: 'object',
          required: ['file'],
          properties: {
            file: { type: 'string', format: 'binary' },
            document_type: { type: 'string', enum: [...DOCUMENT_TYPES] },
            subject: { type: 'string', enum: [...DOCUMENT_SUBJECTS] },
            document_id: { type: 'string', format: 'uuid' },
          },
        },
      ],
    },
    examples: {
      base64: {
        value: {
          content_base64: 'JVBERi0xLjcKJcOkw7zDtsOfCg==',
          filename: 'power-of-attorney.pdf',
          document_type: 'power_of_attorney',
          subject: 'representative',
        },
      },
      required_document: {
        value: {
          content_base64: 'JVBERi0xLjcKJcOkw7zDtsOfCg==',
          filename: 'licence.pdf',
          document_id: '3d8a6c1e-9f0b-4a57-8e2c-5b1d7f9a0c34',
        },
      },
    },
  })
  @ApiResponse({ status: 201, type: DocumentResponse })
  @ApiProblems([404, 409, 413, 422], {
    422: '`unsupported_document_format`, `document_not_found` (document_id), or `validation_failed`.',
  })
  upload(
    @CurrentPrincipal() principal: Principal,
    @Param('ref') ref: string,
    @Body() dto: UploadDocumentDto,
    @UploadedFile() file?: UploadedPart,
  ): Promise<DocumentResponse> {
    return this.documents.upload(principal, ref, dto, file);
  }
}
