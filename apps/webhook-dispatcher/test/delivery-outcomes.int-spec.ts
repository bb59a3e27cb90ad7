import { verifyWebhook } from '@pc/webhook-receiver';
import { closedPort, TestReceiver } from './support/test-receiver';
import {
  DispatcherHarness,
  eventually,
  partner,
  verificationEvent,
} from './support/dispatcher-harness';

jest.setTimeout(60_000);

/** Verification-webhooks spec, section 7: each outcome row, through the whole pipeline. */
describe('delivery outcomes', () => {
  let harness: DispatcherHarness;
  let receiver: TestReceiver;

  beforeAll(async () => {
    harness = await DispatcherHarness.start({ WEBHOOK_ATTEMPT_TIMEOUT_MS: '400' });
    receiver = await TestReceiver.start();
  });

  afterAll(async () => {
    await receiver.stop();
    await harness.stop();
  });

  async function deliverOnce(url: string) {
    const owner = partner();
    const endpoint = await harness.createEndpoint(owner, url);
    const event = verificationEvent(owner.partnerId);
    await harness.events.publish(event);
    const [delivery] = await eventually(async () => {
      const rows = await harness.deliveriesOf(endpoint.id);
      return rows.length === 1 && rows[0].status !== 'pending' ? rows : null;
    });
    return { endpoint, event, delivery, attempts: await harness.attemptsOf(delivery.id) };
  }

  it.each([200, 201, 202, 204])('%i is a success: one attempt, retries stop', async (status) => {
    const url = receiver.on(`/ok-${status}`, { status });
    const { delivery, attempts, event, endpoint } = await deliverOnce(url);
    expect(delivery.status).toBe('succeeded');
    expect(attempts).toEqual([
      { attempt_number: 1, outcome: 'success', status_code: status, error_class: null },
    ]);
    const [received] = receiver.to(`/ok-${status}`);
    expect(received.headers).toMatchObject({
      'x-webhook-id': event.id,
      'content-type': 'application/json',
      'user-agent': 'PartnerConnect-Webhook/1.0',
    });
    expect(verifyWebhook(received.headers, received.body, { secrets: [endpoint.secret] }).ok).toBe(
      true,
    );
    expect(JSON.parse(received.body)).toEqual({
      id: event.id,
      type: event.type,
      created_at: event.created_at,
      data: event.data,
    });
  });

  it.each([301, 404, 500])('%i is a failure: retried per schedule, then failed', async (status) => {
    const redirectTarget = receiver.on(`/target-${status}`, { status: 200 });
    const url = receiver.on(`/fail-${status}`, { status, headers: { location: redirectTarget } });
    const { delivery, attempts } = await deliverOnce(url);
    expect(delivery.status).toBe('failed');
    expect(
      attempts.map((attempt) => [attempt.attempt_number, attempt.outcome, attempt.status_code]),
    ).toEqual([1, 2, 3, 4, 5].map((n) => [n, 'failure', status]));
    expect(receiver.to(`/target-${status}`)).toHaveLength(0);
  });

  it('a receiver that never answers within the timeout is a failure', async () => {
    const { delivery, attempts } = await deliverOnce(receiver.on('/hang', 'hang'));
    expect(delivery.status).toBe('failed');
    expect(attempts).toHaveLength(5);
    expect(
      attempts.every(
        (attempt) => attempt.error_class === 'timeout' && attempt.status_code === null,
      ),
    ).toBe(true);
  });

  it('connection refused is a failure', async () => {
    const { delivery, attempts } = await deliverOnce(`http://127.0.0.1:${await closedPort()}/gone`);
    expect(delivery.status).toBe('failed');
    expect(attempts.map((attempt) => attempt.error_class)).toEqual(
      Array(5).fill('connection_refused'),
    );
  });

  it('an unresolvable host is a failure', async () => {
    const { delivery, attempts } = await deliverOnce('http://nonexistent.invalid/hook');
    expect(delivery.status).toBe('failed');
    expect(attempts.map((attempt) => attempt.error_class)).toEqual(Array(5).fill('dns_error'));
  });

  it("sends an event only to the owner's endpoints subscribed to its type", async () => {
    const owner = partner();
    const other = partner();
    const all = await harness.createEndpoint(owner, receiver.on('/own-all', { status: 200 }));
    await harness.createEndpoint(owner, receiver.on('/own-failed-only', { status: 200 }), [
      'verification.failed',
    ]);
    await harness.createEndpoint(other, receiver.on('/other-partner', { status: 200 }));
    const event = verificationEvent(owner.partnerId, 'verification.completed');
    await harness.events.publish(event);
    await eventually(async () => (await harness.deliveriesOf(all.id))[0]?.status === 'succeeded');
    await harness.events.publish(event);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.to('/own-all')).toHaveLength(1);
    expect(receiver.to('/own-failed-only')).toHaveLength(0);
    expect(receiver.to('/other-partner')).toHaveLength(0);
  });
});
