import { Injectable, type PipeTransform } from '@nestjs/common';
import { sessionNotFound } from './session-problems';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A session id that is not a UUID names no session: 404, like any unknown id (never a 500 from the cast). */
@Injectable()
export class SessionIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!UUID.test(value)) throw sessionNotFound();
    return value.toLowerCase();
  }
}
