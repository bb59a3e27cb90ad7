import request from 'supertest';
import { TestReceiver } from './support/test-receiver';
import {
  DispatcherHarness,
  eventually,
  partner,
  verificationEvent,
} from './support/dispatcher-harness';

jest.setTimeout(90_000);

/** Spec sections 3 and 8: 50 consecutive failed deliveries disable; reactivation resets; recovery re-sends. */
describe('disabling, reactivation and recovery', () => {
  let harness: DispatcherHarness;
  let receiver: TestReceiver;
  let healthy = false;

  beforeAll(async () => {
    harness = await DispatcherHarness.start({
      WEBHOOK_RETRY_SCHEDULE_MS: '0,20,20,20,20',
      WEBHOOK_SWEEP_INTERVAL_MS: '100',
      WEBHOOK_SWEEP_GRACE_MS: '300',
    });
    receiver = await TestReceiver.start();
  });

  afterAll(async () => {
    await receiver.stop();
    await harness.stop();
  });

  it('disables at the 50th failed delivery (concurrent deliveries, no lost increment) and stops calling', async () => {
    const owner = partner();
    const startedAt = new Date();
    const endpoint = await harness.createEndpoint(
      owner,
      receiver.on('/flaky', () => ({ status: healthy ? 200 : 500 })),
    );
    const events = Array.from({ length: 50 }, () => verificationEvent(owner.partnerId));
    await Promise.all(events.map((event) => harness.events.publish(event)));
    const disabled = await eventually(async () => {
      const response = await harness.as(owner).get(`/api/v1/webhooks/${endpoint.id}`);
      return response.body.disabled_at ? response.body : null;
    }, 60_000);
    expect(disabled).toMatchObject({ is_active: false, failure_count: 50 });
    const deliveries = await harness.deliveriesOf(endpoint.id);
    expect(
      deliveries.every((delivery) => delivery.status === 'failed' && delivery.attempts_made === 5),
    ).toBe(true);
    expect(receiver.to('/flaky')).toHaveLength(250);

    const metrics = await request(harness.app.getHttpServer()).get('/metrics').expect(200);
    expect(metrics.text).toMatch(/webhook_endpoint_failure_alerts_total \d+/);
    expect(metrics.text).toMatch(/webhook_endpoints_disabled_total [1-9]/);

    const fiftyFirst = verificationEvent(owner.partnerId);
    await harness.events.publish(fiftyFirst);
    await eventually(async () =>
      (await harness.deliveriesOf(endpoint.id)).some((row) => row.event_id === fiftyFirst.id),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const skipped = (await harness.deliveriesOf(endpoint.id)).find(
      (row) => row.event_id === fiftyFirst.id,
    );
    expect(skipped).toMatchObject({ status: 'skipped', attempts_made: 0 });
    expect(receiver.to('/flaky').some((req) => req.headers['x-webhook-id'] === fiftyFirst.id)).toBe(
      false,
    );
    await harness.as(owner).post(`/api/v1/webhooks/${endpoint.id}/test`).expect(409);

    const reactivated = await harness
      .as(owner)
      .patch(`/api/v1/webhooks/${endpoint.id}`, { is_active: true })
      .expect(200);
    expect(reactivated.body).toMatchObject({
      is_active: true,
      failure_count: 0,
      disabled_at: null,
    });

    healthy = true;
    const recovered = await harness
      .as(owner)
      .post(`/api/v1/webhooks/${endpoint.id}/deliveries/recover`, {
        since: startedAt.toISOString(),
      })
      .expect(202);
    expect(recovered.body).toEqual({ recovered: 51 });
    await eventually(
      async () =>
        (await harness.deliveriesOf(endpoint.id)).every((row) => row.status === 'succeeded'),
      30_000,
    );
    const delivered = new Set(receiver.to('/flaky').map((req) => req.headers['x-webhook-id']));
    expect(delivered.has(fiftyFirst.id)).toBe(true);
    expect(events.every((event) => delivered.has(event.id))).toBe(true);

    const listed = await harness
      .as(owner)
      .get(`/api/v1/webhooks/${endpoint.id}/deliveries?status=succeeded&per_page=20`)
      .expect(200);
    expect(listed.body.data).toHaveLength(20);
    expect(listed.body.next_cursor).toEqual(expect.any(String));
    const page2 = await harness
      .as(owner)
      .get(
        `/api/v1/webhooks/${endpoint.id}/deliveries?status=succeeded&per_page=40&cursor=${listed.body.next_cursor}`,
      )
      .expect(200);
    expect(page2.body.data).toHaveLength(31);
    const ids = new Set(
      [...listed.body.data, ...page2.body.data].map((delivery: { id: string }) => delivery.id),
    );
    expect(ids.size).toBe(51);
    const recoveredDelivery = page2.body.data.find(
      (delivery: { event_id: string }) => delivery.event_id !== fiftyFirst.id,
    );
    expect(
      recoveredDelivery.attempts.map((attempt: { outcome: string }) => attempt.outcome),
    ).toEqual(['failure', 'failure', 'failure', 'failure', 'failure', 'success']);
  });

  it('resends one delivery now, and refuses while the endpoint is inactive', async () => {
    const owner = partner();
    const endpoint = await harness.createEndpoint(owner, receiver.on('/resend', { status: 200 }));
    await harness.events.publish(verificationEvent(owner.partnerId));
    const [delivery] = await eventually(async () => {
      const rows = await harness.deliveriesOf(endpoint.id);
      return rows[0]?.status === 'succeeded' ? rows : null;
    });
    const resent = await harness
      .as(owner)
      .post(`/api/v1/webhooks/${endpoint.id}/deliveries/${delivery.id}/resend`)
      .expect(202);
    expect(resent.body.id).toBe(delivery.id);
    await eventually(() => receiver.to('/resend').length === 2);
    await eventually(async () => (await harness.attemptsOf(delivery.id)).length === 2);
    await harness
      .as(owner)
      .patch(`/api/v1/webhooks/${endpoint.id}`, { is_active: false })
      .expect(200);
    await harness
      .as(owner)
      .post(`/api/v1/webhooks/${endpoint.id}/deliveries/${delivery.id}/resend`)
      .expect(409);
    await harness
      .as(partner())
      .post(`/api/v1/webhooks/${endpoint.id}/deliveries/${delivery.id}/resend`)
      .expect(404);
  });
});
