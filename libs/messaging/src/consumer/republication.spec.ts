import type { ConsumeMessage } from 'amqplib';
import { parkingPublication, retryPublication } from './republication';

function message(routingKey: string, headers: Record<string, unknown> = {}): ConsumeMessage {
  return {
    content: Buffer.from('{"id":"evt_1"}'),
    fields: {
      routingKey,
      deliveryTag: 1,
      redelivered: false,
      exchange: 'events',
      consumerTag: 'c',
    },
    properties: {
      messageId: 'evt_1',
      type: 'verification.completed',
      contentType: 'application/json',
      headers,
    },
  } as unknown as ConsumeMessage;
}

describe('retryPublication', () => {
  it('keeps body and identity, sets the next attempt and remembers the routing key', () => {
    const { content, options } = retryPublication(message('verification.completed'), 2, 'boom');
    expect(content.toString()).toBe('{"id":"evt_1"}');
    expect(options).toMatchObject({
      persistent: true,
      messageId: 'evt_1',
      type: 'verification.completed',
    });
    expect(options.headers).toEqual({
      'x-attempt': 2,
      'x-last-error': 'boom',
      'x-original-routing-key': 'verification.completed',
    });
  });

  it('keeps the original routing key when the retry comes back through the default exchange', () => {
    const retried = message('svc.events', {
      'x-original-routing-key': 'verification.completed',
      'x-attempt': 2,
      'x-death': [{ count: 1 }],
    });
    const { options } = retryPublication(retried, 3, 'again');
    expect(options.headers).toEqual({
      'x-attempt': 3,
      'x-last-error': 'again',
      'x-original-routing-key': 'verification.completed',
    });
  });
});

describe('parkingPublication', () => {
  it('records why, by whom and when', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    const { options } = parkingPublication(
      message('verification.completed'),
      'malformed: x',
      'svc',
      at,
    );
    expect(options.headers).toEqual({
      'x-parking-reason': 'malformed: x',
      'x-consumer': 'svc',
      'x-parked-at': '2026-01-01T00:00:00.000Z',
      'x-original-routing-key': 'verification.completed',
    });
  });
});
