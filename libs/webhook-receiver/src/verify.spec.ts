import { signatureHeader } from './signature';
import { verifyWebhook } from './verify';

const secret = 'whsec_test_secret';
const body =
  '{"id":"evt_1","type":"verification.completed","created_at":"2025-01-01T00:00:00.000Z","data":{}}';
const now = 1_750_000_000_000;
const timestamp = String(Math.floor(now / 1000));

function headersFor(overrides: Record<string, string> = {}) {
  return {
    'x-webhook-id': 'evt_1',
    'x-timestamp': timestamp,
    'x-signature': signatureHeader([secret], timestamp, body),
    ...overrides,
  };
}

describe('verifyWebhook', () => {
  it('accepts a genuine delivery', () => {
    expect(verifyWebhook(headersFor(), body, { secrets: [secret], now })).toEqual({
      ok: true,
      webhookId: 'evt_1',
      timestamp: Number(timestamp),
    });
  });

  it('rejects a tampered body, a wrong secret and a missing header', () => {
    expect(
      verifyWebhook(headersFor(), body.replace('completed', 'failed'), { secrets: [secret], now }),
    ).toEqual({
      ok: false,
      reason: 'signature_mismatch',
    });
    expect(verifyWebhook(headersFor(), body, { secrets: ['whsec_other'], now })).toMatchObject({
      ok: false,
    });
    const { 'x-signature': _dropped, ...withoutSignature } = headersFor();
    expect(verifyWebhook(withoutSignature, body, { secrets: [secret], now })).toEqual({
      ok: false,
      reason: 'missing_header',
    });
  });

  it('rejects timestamps outside the tolerance in either direction, and a signed timestamp changed', () => {
    const old = String(Number(timestamp) - 301);
    const oldHeaders = headersFor({
      'x-timestamp': old,
      'x-signature': signatureHeader([secret], old, body),
    });
    expect(verifyWebhook(oldHeaders, body, { secrets: [secret], now })).toEqual({
      ok: false,
      reason: 'timestamp_outside_tolerance',
    });
    const future = String(Number(timestamp) + 301);
    const futureHeaders = headersFor({
      'x-timestamp': future,
      'x-signature': signatureHeader([secret], future, body),
    });
    expect(verifyWebhook(futureHeaders, body, { secrets: [secret], now })).toMatchObject({
      ok: false,
    });
    const shifted = headersFor({ 'x-timestamp': String(Number(timestamp) - 10) });
    expect(verifyWebhook(shifted, body, { secrets: [secret], now })).toEqual({
      ok: false,
      reason: 'signature_mismatch',
    });
  });

  it('accepts either secret during a rotation overlap', () => {
    const both = headersFor({
      'x-signature': signatureHeader(['whsec_new', secret], timestamp, body),
    });
    expect(verifyWebhook(both, body, { secrets: [secret], now }).ok).toBe(true);
    expect(verifyWebhook(both, body, { secrets: ['whsec_new'], now }).ok).toBe(true);
    expect(verifyWebhook(both, body, { secrets: ['whsec_third'], now }).ok).toBe(false);
  });
});
