import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsString, isUUID, Max, MaxLength, Min } from 'class-validator';
import { ProblemException } from '../problem/problem.exception';
import { MayBeOmitted } from '../validation/may-be-omitted.decorator';

export const DEFAULT_PER_PAGE = 50;
export const MAX_PER_PAGE = 200;

/** The list envelope every list endpoint returns. */
export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

/** `cursor` and `per_page` query parameters, shared by every list endpoint. */
export class PageQueryDto {
  @ApiPropertyOptional({ description: "Opaque cursor from the previous page's `next_cursor`." })
  @MayBeOmitted()
  @IsString()
  @MaxLength(512)
  cursor?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE })
  @MayBeOmitted()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PER_PAGE)
  per_page: number = DEFAULT_PER_PAGE;
}

/**
 * Keyset position: the sort key of the last row served and its id as a tie-breaker.
 * Keyset (not offset) pages stay stable while new rows are inserted.
 */
export interface CursorPosition {
  /** ISO timestamp or other sortable value of the last row. */
  k: string;
  id: string;
}

export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(JSON.stringify(position), 'utf8').toString('base64url');
}

/** A position keyed by a timestamp with a UUID tie-breaker, the usual `accepts` of `decodeCursor`. */
export function timestampAndUuid(position: CursorPosition): boolean {
  return !Number.isNaN(Date.parse(position.k)) && isUUID(position.id);
}

/**
 * The position a cursor carries; a cursor this API did not issue (undecodable, or a position
 * `accepts` refuses because it would not fit the list's query) is a 422 `invalid_cursor`, so it never
 * reaches the database as a malformed timestamp or id.
 */
export function decodeCursor(
  cursor: string,
  accepts: (position: CursorPosition) => boolean,
): CursorPosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const position = parsed as CursorPosition;
  const wellFormed =
    typeof parsed === 'object' &&
    parsed !== null &&
    typeof position.k === 'string' &&
    typeof position.id === 'string';
  if (!wellFormed || !accepts(position)) throw invalidCursor();
  return position;
}

function invalidCursor(): ProblemException {
  return ProblemException.validation(
    [{ field: 'cursor', code: 'invalid_cursor', message: 'cursor is not one this API returned' }],
    'The cursor is not valid.',
  );
}

/**
 * Builds a page from `perPage + 1` rows fetched in order: the extra row only says whether
 * another page exists.
 */
export function toPage<TRow, TItem>(
  rows: TRow[],
  perPage: number,
  positionOf: (row: TRow) => CursorPosition,
  toItem: (row: TRow) => TItem,
): Page<TItem> {
  const pageRows = rows.slice(0, perPage);
  const hasMore = rows.length > perPage;
  const last = pageRows[pageRows.length - 1];
  return {
    data: pageRows.map(toItem),
    next_cursor: hasMore && last ? encodeCursor(positionOf(last)) : null,
  };
}
