import { MayBeOmitted } from '../validation/may-be-omitted.decorator';
import { Type } from 'class-transformer';
import { IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { ProblemException } from '../problem/problem.exception';

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

export function decodeCursor(cursor: string): CursorPosition {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      typeof (parsed as CursorPosition).k === 'string' &&
      typeof (parsed as CursorPosition).id === 'string'
    ) {
      return parsed as CursorPosition;
    }
  } catch {
    // fall through to the problem below
  }
  throw ProblemException.validation(
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
