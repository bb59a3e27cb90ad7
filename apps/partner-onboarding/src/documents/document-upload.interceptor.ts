import {
  HttpException,
  Injectable,
  PayloadTooLargeException,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ProblemException } from '@pc/http';
import { catchError, Observable, throwError } from 'rxjs';
import { MAX_DOCUMENT_BYTES } from './dto/upload-document.dto';

/** Parses a multipart upload (one `file` part, in memory, at most 5120 KB); JSON requests pass through untouched. */
export const DocumentFileInterceptor = FileInterceptor('file', {
  limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 10, fieldSize: 1024 },
});

export function documentTooLarge(field: string): ProblemException {
  return new ProblemException({
    status: 413,
    code: 'document_too_large',
    title: 'Document too large',
    detail: `A document may be at most 5120 KB.`,
    errors: [{ field, code: 'too_large', message: `${field} is larger than 5120 KB` }],
  });
}

/** Turns multer's framework errors into our problems, naming the part at fault. */
@Injectable()
export class MultipartProblemsInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        if (error instanceof PayloadTooLargeException)
          return throwError(() => documentTooLarge('file'));
        if (
          error instanceof HttpException &&
          !(error instanceof ProblemException) &&
          error.getStatus() === 400
        ) {
          return throwError(() =>
            ProblemException.validation(
              [{ field: 'file', code: 'invalid_multipart', message: error.message }],
              'The multipart body is not a valid upload: one `file` part and text fields.',
            ),
          );
        }
        return throwError(() => error);
      }),
    );
  }
}
