import { isUUID } from 'class-validator';
import { uuidV7 } from './uuid-v7';

describe('uuidV7', () => {
  it('is a version 7 UUID', () => {
    const id = uuidV7();
    expect(isUUID(id, 7)).toBe(true);
    expect(id[14]).toBe('7');
    expect(['8', '9', 'a', 'b']).toContain(id[19]);
  });

  it('sorts in creation order, also within one millisecond', () => {
    const ids = Array.from({ length: 500 }, () => uuidV7(1_800_000_000_000));
    expect([...ids].sort()).toEqual(ids);
    expect(uuidV7(1_800_000_000_001) > ids[ids.length - 1]).toBe(true);
  });
});
