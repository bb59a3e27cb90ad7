import { signatureHeader } from './signature';
import { WebhookReceiver } from './webhook-receiver';
import { InMemoryDedupeStore } from './dedupe-store';

const secret = 'whsec_receiver';
const now = 1_750_000_000_000;
const timestamp = String(Math.floor(now / 1000));

function delivery(id: string) {
  const body = JSON.stringify({
    id,
    type: 'verification.test',
    created_at: '2025-01-01T00:00:00Z',
    data: {},
  });
  const headers = {
    'x-webhook-id': id,
    'x-timestamp': timestamp,
    'x-signature': signatureHeader([secret], timestamp, body),
  };
  return { headers, body };
}

describe('WebhookReceiver', () => {
  const receiver = () => new WebhookReceiver({ secrets: [secret], now: () => now });

  it('processes an event once and acknowledges its duplicates', async () => {
    const kit = receiver();
    const handled: string[] = [];
    const { headers, body } = delivery('evt_a');
    await expect(
      kit.receive(headers, body, (event) => void handled.push(event.id)),
    ).resolves.toMatchObject({
      outcome: 'processed',
      status: 200,
    });
    await expect(
      kit.receive(headers, body, (event) => void handled.push(event.id)),
    ).resolves.toEqual({
      outcome: 'duplicate',
      status: 200,
      webhookId: 'evt_a',
    });
    expect(handled).toEqual(['evt_a']);
  });

  it('releases the id when the handler fails, so the retry is processed', async () => {
    const kit = receiver();
    const { headers, body } = delivery('evt_b');
    await expect(
      kit.receive(headers, body, () => Promise.reject(new Error('db down'))),
    ).rejects.toThrow('db down');
    await expect(kit.receive(headers, body, () => undefined)).resolves.toMatchObject({
      outcome: 'processed',
    });
  });

  it('rejects an unsigned request with 400 and a bad signature with 401', async () => {
    const kit = receiver();
    const { headers, body } = delivery('evt_c');
    await expect(kit.receive({}, body, () => undefined)).resolves.toMatchObject({ status: 400 });
    await expect(kit.receive(headers, `${body} `, () => undefined)).resolves.toMatchObject({
      status: 401,
      reason: 'signature_mismatch',
    });
  });

  it('rejects a body whose id differs from X-Webhook-Id', async () => {
    const kit = receiver();
    const { body } = delivery('evt_d');
    const headers = {
      'x-webhook-id': 'evt_other',
      'x-timestamp': timestamp,
      'x-signature': signatureHeader([secret], timestamp, body),
    };
    await expect(kit.receive(headers, body, () => undefined)).resolves.toMatchObject({
      reason: 'id_mismatch',
    });
  });
});

describe('InMemoryDedupeStore', () => {
  it('holds an id for its ttl only', () => {
    let clock = 0;
    const store = new InMemoryDedupeStore(() => clock);
    expect(store.reserve('x', 10)).toBe(true);
    expect(store.reserve('x', 10)).toBe(false);
    clock = 10_001;
    expect(store.reserve('x', 10)).toBe(true);
  });
});
