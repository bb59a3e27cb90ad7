import { TestReceiver } from './support/test-receiver';
import {
  DispatcherHarness,
  eventually,
  partner,
  verificationEvent,
} from './support/dispatcher-harness';

jest.setTimeout(60_000);

const SCHEDULE = [0, 250, 500, 750, 1000];

/** Spec section 8: five attempts, delays in the configured order, success resets failure_count. */
describe('retry schedule (millisecond schedule)', () => {
  let harness: DispatcherHarness;
  let receiver: TestReceiver;

  beforeAll(async () => {
    harness = await DispatcherHarness.start({
      WEBHOOK_RETRY_SCHEDULE_MS: SCHEDULE.join(','),
      WEBHOOK_SWEEP_GRACE_MS: '5000',
    });
    receiver = await TestReceiver.start();
  });

  afterAll(async () => {
    await receiver.stop();
    await harness.stop();
  });

  it('an always failing receiver sees exactly 5 attempts, each delay within 50 ms + 10% of its setting', async () => {
    const owner = partner();
    const endpoint = await harness.createEndpoint(
      owner,
      receiver.on('/always-fails', { status: 503 }),
    );
    await harness.events.publish(verificationEvent(owner.partnerId));
    await eventually(async () => (await harness.deliveriesOf(endpoint.id))[0]?.status === 'failed');
    await new Promise((resolve) => setTimeout(resolve, SCHEDULE[SCHEDULE.length - 1] + 500));
    const arrivals = receiver.to('/always-fails').map((request) => request.at);
    expect(arrivals).toHaveLength(5);
    const delays = arrivals.slice(1).map((at, index) => at - arrivals[index]);
    delays.forEach((delay, index) => {
      const setting = SCHEDULE[index + 1];
      expect(Math.abs(delay - setting)).toBeLessThanOrEqual(50 + setting * 0.1);
    });
    const [row] = await harness.dataSource.query(
      `SELECT failure_count FROM webhook_endpoints WHERE id = $1`,
      [endpoint.id],
    );
    expect(row.failure_count).toBe(1);
  });

  it('a receiver failing twice then succeeding sees 3 attempts and failure_count goes back to 0', async () => {
    const owner = partner();
    const url = receiver.on('/fails-twice', (seen) => ({ status: seen <= 2 ? 500 : 200 }));
    const endpoint = await harness.createEndpoint(owner, url);
    await harness.dataSource.query(`UPDATE webhook_endpoints SET failure_count = 3 WHERE id = $1`, [
      endpoint.id,
    ]);
    await harness.events.publish(verificationEvent(owner.partnerId));
    const [delivery] = await eventually(async () => {
      const rows = await harness.deliveriesOf(endpoint.id);
      return rows[0]?.status === 'succeeded' ? rows : null;
    });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(receiver.to('/fails-twice')).toHaveLength(3);
    expect((await harness.attemptsOf(delivery.id)).map((attempt) => attempt.outcome)).toEqual([
      'failure',
      'failure',
      'success',
    ]);
    const response = await harness.as(owner).get(`/api/v1/webhooks/${endpoint.id}`).expect(200);
    expect(response.body).toMatchObject({ failure_count: 0, is_active: true, disabled_at: null });
    expect(response.body.last_success_at).not.toBeNull();
  });
});
