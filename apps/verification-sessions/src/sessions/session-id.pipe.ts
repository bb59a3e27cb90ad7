import { isUUID } from 'class-validator';
import { Injectable, type PipeTransform } from '@nestjs/common';
import { sessionNotFound } from './session-problems';

/** A session id that is not a UUID names no session: 404, like any unknown id (never a 500 from the cast). */
@Injectable()
export class SessionIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!isUUID(value, 'loose')) throw sessionNotFound();
    return value.toLowerCase();
  }
}
