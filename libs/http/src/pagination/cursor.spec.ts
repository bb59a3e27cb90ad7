import { ProblemException } from '../problem/problem.exception';
import { decodeCursor, encodeCursor, timestampAndUuid, toPage } from './cursor';

const anyPosition = () => true;

describe('cursor pagination', () => {
  it('round-trips a keyset position through an opaque cursor', () => {
    const position = { k: '2026-11-22T10:00:00.000Z', id: '0b9c6f0e-5b6a-4f3e-9d59-3c2f4f6e7a10' };
    const cursor = encodeCursor(position);
    expect(cursor).not.toContain('2026');
    expect(decodeCursor(cursor, timestampAndUuid)).toEqual(position);
  });

  it.each([
    'not-base64-json',
    encodeCursor({ k: 'x' } as never),
    Buffer.from('[1]').toString('base64url'),
    encodeCursor({ k: 'yesterday', id: '0b9c6f0e-5b6a-4f3e-9d59-3c2f4f6e7a10' }),
    encodeCursor({ k: '2026-11-22T10:00:00.000Z', id: 'a1' }),
  ])('rejects a cursor it did not issue (%s) with a 422 naming the field', (cursor) => {
    try {
      decodeCursor(cursor, timestampAndUuid);
      throw new Error('expected a problem');
    } catch (error) {
      expect(error).toBeInstanceOf(ProblemException);
      const problem = (error as ProblemException).problem;
      expect(problem.status).toBe(422);
      expect(problem.errors?.[0]).toMatchObject({ field: 'cursor', code: 'invalid_cursor' });
    }
  });

  it('sets next_cursor from the last row served only when another page exists', () => {
    const rows = [1, 2, 3].map((n) => ({ id: `r${n}`, at: `t${n}` }));
    const full = toPage(
      rows,
      2,
      (row) => ({ k: row.at, id: row.id }),
      (row) => row.id,
    );
    expect(full.data).toEqual(['r1', 'r2']);
    expect(decodeCursor(full.next_cursor as string, anyPosition)).toEqual({ k: 't2', id: 'r2' });
    const last = toPage(
      rows.slice(0, 2),
      2,
      (row) => ({ k: row.at, id: row.id }),
      (row) => row.id,
    );
    expect(last.next_cursor).toBeNull();
  });
});
