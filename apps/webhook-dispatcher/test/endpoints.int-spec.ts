import { Scope } from '@pc/contracts';
import { verifyWebhook, WebhookReceiver } from '@pc/webhook-receiver';
import { TestReceiver } from './support/test-receiver';
import { DispatcherHarness, eventually, partner } from './support/dispatcher-harness';

jest.setTimeout(60_000);

describe('webhook endpoints API', () => {
  let harness: DispatcherHarness;
  let receiver: TestReceiver;

  beforeAll(async () => {
    harness = await DispatcherHarness.start();
    receiver = await TestReceiver.start();
  });

  afterAll(async () => {
    await receiver.stop();
    await harness.stop();
  });

  it('creates an endpoint, shows the secret once and keeps it encrypted at rest', async () => {
    const owner = partner();
    const created = await harness
      .as(owner)
      .post('/api/v1/webhooks', { url: receiver.url('/crud'), description: 'main' })
      .expect(201);
    expect(created.body).toMatchObject({
      url: receiver.url('/crud'),
      description: 'main',
      events: ['*'],
      is_active: true,
      failure_count: 0,
      last_triggered_at: null,
      last_success_at: null,
      last_failure_at: null,
      disabled_at: null,
    });
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const fetched = await harness.as(owner).get(`/api/v1/webhooks/${created.body.id}`).expect(200);
    expect(fetched.body).not.toHaveProperty('secret');
    const [row] = await harness.dataSource.query(
      `SELECT secret_ciphertext FROM webhook_endpoints WHERE id = $1`,
      [created.body.id],
    );
    expect(row.secret_ciphertext).not.toContain(created.body.secret);
    const listed = await harness.as(owner).get('/api/v1/webhooks').expect(200);
    expect(listed.body).toEqual({ data: [fetched.body], next_cursor: null });
  });

  it('answers a cursor it did not issue with 422 invalid_cursor, never a 500', async () => {
    const forged = Buffer.from(JSON.stringify({ k: 'yesterday', id: 'x' })).toString('base64url');
    for (const cursor of [forged, 'not-a-cursor']) {
      const response = await harness
        .as(partner())
        .get(`/api/v1/webhooks?cursor=${cursor}`)
        .expect(422);
      expect(response.body.errors).toEqual([
        expect.objectContaining({ field: 'cursor', code: 'invalid_cursor' }),
      ]);
    }
  });

  it('refuses unknown event types with the list of valid ones', async () => {
    const response = await harness
      .as(partner())
      .post('/api/v1/webhooks', {
        url: receiver.url('/x'),
        events: ['verification.completed', 'verification.nope'],
      })
      .expect(422);
    expect(response.body).toMatchObject({
      code: 'unknown_event_type',
      errors: [{ field: 'events.1', code: 'unknown_event_type' }],
    });
    expect(response.body.valid_event_types).toEqual(
      expect.arrayContaining(['*', 'verification.completed', 'verification.test']),
    );
  });

  it('updates URL and events, pauses and reactivates, deletes; another partner sees 404', async () => {
    const owner = partner();
    const { id } = await harness.createEndpoint(owner, receiver.url('/before'));
    const updated = await harness
      .as(owner)
      .patch(`/api/v1/webhooks/${id}`, {
        url: receiver.url('/after'),
        events: ['verification.failed'],
        description: null,
      })
      .expect(200);
    expect(updated.body).toMatchObject({
      url: receiver.url('/after'),
      events: ['verification.failed'],
      description: null,
    });
    await harness.as(owner).patch(`/api/v1/webhooks/${id}`, { is_active: 'yes' }).expect(422);
    await harness.as(owner).patch(`/api/v1/webhooks/${id}`, { is_active: false }).expect(200);
    await harness.dataSource.query(`UPDATE webhook_endpoints SET failure_count = 7 WHERE id = $1`, [
      id,
    ]);
    const reactivated = await harness
      .as(owner)
      .patch(`/api/v1/webhooks/${id}`, { is_active: true })
      .expect(200);
    expect(reactivated.body).toMatchObject({ is_active: true, failure_count: 0 });
    await harness.as(partner()).get(`/api/v1/webhooks/${id}`).expect(404);
    await harness.as(partner()).delete(`/api/v1/webhooks/${id}`).expect(404);
    await harness.as(owner).get('/api/v1/webhooks/not-a-uuid').expect(404);
    await harness.as(owner).delete(`/api/v1/webhooks/${id}`).expect(204);
    await harness.as(owner).get(`/api/v1/webhooks/${id}`).expect(404);
  });

  it('needs the webhook scopes', async () => {
    const readOnly = partner(undefined, [Scope.WebhooksRead]);
    await harness
      .as(readOnly)
      .post('/api/v1/webhooks', { url: receiver.url('/x') })
      .expect(403);
    await harness
      .as(partner(undefined, [Scope.WebhooksWrite]))
      .get('/api/v1/webhooks')
      .expect(403);
  });

  it('sends verification.test through the pipeline; the receiver kit accepts it and rejects tampering', async () => {
    const owner = partner();
    const endpoint = await harness.createEndpoint(
      owner,
      receiver.on('/test-delivery', { status: 204 }),
      ['verification.failed'],
    );
    const test = await harness.as(owner).post(`/api/v1/webhooks/${endpoint.id}/test`).expect(202);
    expect(test.body).toMatchObject({
      event_type: 'verification.test',
      event_id: expect.stringMatching(/^evt_/),
    });
    const [received] = await eventually(() =>
      receiver.to('/test-delivery').length ? receiver.to('/test-delivery') : null,
    );
    const kit = new WebhookReceiver({ secrets: [endpoint.secret] });
    const handled: string[] = [];
    await expect(
      kit.receive(received.headers, received.body, (event) => void handled.push(event.type)),
    ).resolves.toMatchObject({
      outcome: 'processed',
    });
    expect(handled).toEqual(['verification.test']);
    await expect(
      kit.receive(received.headers, received.body, () => undefined),
    ).resolves.toMatchObject({ outcome: 'duplicate' });
    const tampered = received.body.replace('verification.test', 'verification.failed');
    expect(verifyWebhook(received.headers, tampered, { secrets: [endpoint.secret] })).toEqual({
      ok: false,
      reason: 'signature_mismatch',
    });
    expect(verifyWebhook(received.headers, received.body, { secrets: ['whsec_wrong'] }).ok).toBe(
      false,
    );
    const tenMinutesLater = Date.now() + 600_000;
    expect(
      verifyWebhook(received.headers, received.body, {
        secrets: [endpoint.secret],
        now: tenMinutesLater,
      }),
    ).toEqual({
      ok: false,
      reason: 'timestamp_outside_tolerance',
    });
    await eventually(
      async () => (await harness.deliveriesOf(endpoint.id))[0]?.status === 'succeeded',
    );
  });

  it('rotates the secret: during the overlap deliveries carry both signatures, after it only the new one', async () => {
    const owner = partner();
    const endpoint = await harness.createEndpoint(owner, receiver.on('/rotation', { status: 200 }));
    const rotated = await harness
      .as(owner)
      .post(`/api/v1/webhooks/${endpoint.id}/rotate-secret`, { overlap_seconds: 3600 })
      .expect(200);
    expect(rotated.body.secret).not.toBe(endpoint.secret);
    expect(rotated.body.previous_secret_expires_at).toEqual(expect.any(String));
    await harness.as(owner).post(`/api/v1/webhooks/${endpoint.id}/test`).expect(202);
    const [first] = await eventually(() =>
      receiver.to('/rotation').length === 1 ? receiver.to('/rotation') : null,
    );
    expect(String(first.headers['x-signature']).split(',')).toHaveLength(2);
    expect(verifyWebhook(first.headers, first.body, { secrets: [endpoint.secret] }).ok).toBe(true);
    expect(verifyWebhook(first.headers, first.body, { secrets: [rotated.body.secret] }).ok).toBe(
      true,
    );

    const immediate = await harness
      .as(owner)
      .post(`/api/v1/webhooks/${endpoint.id}/rotate-secret`, {})
      .expect(200);
    expect(immediate.body.previous_secret_expires_at).toBeNull();
    await harness.as(owner).post(`/api/v1/webhooks/${endpoint.id}/test`).expect(202);
    const [, second] = await eventually(() =>
      receiver.to('/rotation').length === 2 ? receiver.to('/rotation') : null,
    );
    expect(String(second.headers['x-signature']).split(',')).toHaveLength(1);
    expect(
      verifyWebhook(second.headers, second.body, { secrets: [immediate.body.secret] }).ok,
    ).toBe(true);
    expect(verifyWebhook(second.headers, second.body, { secrets: [rotated.body.secret] }).ok).toBe(
      false,
    );
  });

  it('replays an Idempotency-Key create without storing the secret in the clear', async () => {
    const owner = partner();
    const body = { url: receiver.url('/idempotent') };
    const first = await harness
      .as(owner)
      .post('/api/v1/webhooks', body)
      .set('Idempotency-Key', 'create-1')
      .expect(201);
    const again = await harness
      .as(owner)
      .post('/api/v1/webhooks', body)
      .set('Idempotency-Key', 'create-1')
      .expect(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const [stored] = await harness.dataSource.query(
      `SELECT response_body FROM idempotency_keys WHERE key = 'create-1'`,
    );
    expect(stored.response_body).not.toContain(first.body.secret);
  });

  it('refuses private destinations and plain http unless allowed', async () => {
    const strict = await DispatcherHarness.start(
      { WEBHOOK_ALLOW_PRIVATE_URLS: 'false' },
      harness.database,
    );
    try {
      const owner = partner();
      for (const url of [
        'https://127.0.0.1/hook',
        'https://169.254.169.254/latest/meta-data',
        'https://localhost/x',
        'http://example.com/hook',
      ]) {
        const response = await strict.as(owner).post('/api/v1/webhooks', { url }).expect(422);
        expect(response.body.errors[0].field).toBe('url');
      }
    } finally {
      await strict.stop({ keepDatabase: true });
    }
  });
});
