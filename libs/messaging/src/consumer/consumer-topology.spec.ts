import {
  attemptOf,
  consumerQueueNames,
  describeFailure,
  retryQueueOptions,
  topicMatches,
} from './consumer-topology';

describe('topicMatches', () => {
  it.each([
    ['verification.completed', 'verification.completed', true],
    ['verification.completed', 'verification.failed', false],
    ['verification.*', 'verification.completed', true],
    ['verification.*', 'verification.step.completed', false],
    ['verification.#', 'verification', true],
    ['verification.#', 'verification.step.completed', true],
    ['#', 'anything.at.all', true],
    ['*.completed', 'verification.completed', true],
    ['*', 'verification.completed', false],
  ])('%s matches %s: %s', (pattern, key, expected) => {
    expect(topicMatches(pattern, key)).toBe(expected);
  });
});

describe('attemptOf', () => {
  it('treats a missing or invalid header as the first attempt', () => {
    expect(attemptOf(undefined)).toBe(1);
    expect(attemptOf({ 'x-attempt': 'x' })).toBe(1);
    expect(attemptOf({ 'x-attempt': 0 })).toBe(1);
    expect(attemptOf({ 'x-attempt': 3 })).toBe(3);
  });
});

describe('queue names and retry queue', () => {
  it('derives parking and retry queues from the main queue', () => {
    expect(consumerQueueNames('svc.events', 5000)).toEqual({
      main: 'svc.events',
      parking: 'svc.events.parking',
      retry: 'svc.events.retry-5000ms',
    });
  });

  it('dead-letters the retry queue back to the main queue after the delay', () => {
    const args = retryQueueOptions('quorum', 'svc.events', 5000).arguments;
    expect(args).toMatchObject({
      'x-message-ttl': 5000,
      'x-dead-letter-exchange': '',
      'x-dead-letter-routing-key': 'svc.events',
      'x-dead-letter-strategy': 'at-least-once',
    });
    expect(retryQueueOptions('classic', 'q', 1).arguments).not.toHaveProperty(
      'x-dead-letter-strategy',
    );
  });
});

describe('describeFailure', () => {
  it('reads Errors, Nest rpc error objects and anything else', () => {
    expect(describeFailure(new Error('boom'))).toBe('boom');
    expect(describeFailure({ status: 'error', message: 'Internal server error' })).toBe(
      'Internal server error',
    );
    expect(describeFailure('plain')).toBe('plain');
    expect(describeFailure(new Error('x'.repeat(600)))).toHaveLength(500);
  });
});
