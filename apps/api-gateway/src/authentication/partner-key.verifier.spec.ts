import { ALL_SCOPES } from '@pc/contracts';
import { generatePartnerKey, type GeneratedKey } from '../keys/key-format';
import type { ActiveKeyRecord } from '../keys/partner-keys.service';
import { PartnerKeyVerifier } from './partner-key.verifier';

function recordOf(key: GeneratedKey): ActiveKeyRecord {
  return {
    keyId: key.keyId,
    partnerId: 'p1',
    secretHash: key.secretHash,
    scopes: [...ALL_SCOPES],
    channels: ['acme'],
  };
}

describe('PartnerKeyVerifier', () => {
  let clock: number;
  let rows: Map<string, ActiveKeyRecord>;
  let lookups: number;
  let verifier: PartnerKeyVerifier;
  const key = generatePartnerKey('test');

  beforeEach(() => {
    clock = 1_000_000;
    rows = new Map([[key.keyId, recordOf(key)]]);
    lookups = 0;
    verifier = new PartnerKeyVerifier(
      async (keyId) => {
        lookups += 1;
        return rows.get(keyId) ?? null;
      },
      { environment: 'test', cacheTtlMs: 2000 },
      () => clock,
    );
  });

  it('returns the principal of a valid key', async () => {
    await expect(verifier.verify(key.plaintext)).resolves.toEqual({
      keyId: key.keyId,
      partnerId: 'p1',
      channels: ['acme'],
      scopes: [...ALL_SCOPES],
    });
  });

  it('rejects a wrong secret under a known key id, missing keys and other environments', async () => {
    const forged = `${key.plaintext.slice(0, -4)}AAAA`;
    await expect(verifier.verify(forged)).resolves.toBeNull();
    await expect(verifier.verify(null)).resolves.toBeNull();
    await expect(
      verifier.verify(key.plaintext.replace('pk_test_', 'pk_live_')),
    ).resolves.toBeNull();
    await expect(verifier.verify(generatePartnerKey('test').plaintext)).resolves.toBeNull();
  });

  it('reuses a lookup within the TTL and sees a revocation after it', async () => {
    await verifier.verify(key.plaintext);
    rows.delete(key.keyId);
    clock += 1999;
    await expect(verifier.verify(key.plaintext)).resolves.not.toBeNull();
    expect(lookups).toBe(1);
    clock += 2;
    await expect(verifier.verify(key.plaintext)).resolves.toBeNull();
    expect(lookups).toBe(2);
  });

  it('shares one lookup between concurrent requests', async () => {
    await Promise.all(Array.from({ length: 20 }, () => verifier.verify(key.plaintext)));
    expect(lookups).toBe(1);
  });

  it('does not cache a failed lookup', async () => {
    const failing = new PartnerKeyVerifier(
      async () => {
        lookups += 1;
        if (lookups === 1) throw new Error('database down');
        return recordOf(key);
      },
      { environment: 'test', cacheTtlMs: 2000 },
      () => clock,
    );
    await expect(failing.verify(key.plaintext)).rejects.toThrow('database down');
    await expect(failing.verify(key.plaintext)).resolves.not.toBeNull();
  });

  it('keeps at most maxCachedKeys lookups', async () => {
    const small = new PartnerKeyVerifier(
      async (keyId) => {
        lookups += 1;
        return rows.get(keyId) ?? null;
      },
      { environment: 'test', cacheTtlMs: 2000, maxCachedKeys: 2 },
      () => clock,
    );
    await small.verify(key.plaintext);
    await small.verify(generatePartnerKey('test').plaintext);
    await small.verify(generatePartnerKey('test').plaintext);
    await small.verify(key.plaintext);
    expect(lookups).toBe(4);
  });
});
