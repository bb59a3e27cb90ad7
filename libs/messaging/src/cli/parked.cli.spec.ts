import type { ParkedMessage, ReplayOutcome } from '../consumer/parking-lot';
import { buildParkedProgram, type ParkedQueue } from './parked.cli';

function parked(eventId: string | null, messageId: string | null = null): ParkedMessage {
  return {
    eventId,
    messageId,
    type: 'verification.completed',
    routingKey: 'verification.completed',
    reason: 'handler failed after 5 attempts: boom',
    consumer: 'webhook-dispatcher',
    parkedAt: '2026-11-22T10:00:00.000Z',
    body: '{}',
  };
}

/** An in-memory parking lot: the command line's own logic, without a broker. */
class MemoryLot implements ParkedQueue {
  closed = false;
  constructor(readonly messages: ParkedMessage[]) {}
  async list() {
    return this.messages;
  }
  async replay(shouldReplay: (message: ParkedMessage) => boolean = () => true) {
    const outcome: ReplayOutcome = { replayed: [], kept: 0 };
    for (const message of this.messages) {
      if (shouldReplay(message)) outcome.replayed.push(message.eventId ?? '(no id)');
      else outcome.kept++;
    }
    return outcome;
  }
  async close() {
    this.closed = true;
  }
}

async function run(lot: MemoryLot, ...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const opened: string[] = [];
  const program = buildParkedProgram(
    async (queue) => {
      opened.push(queue);
      return lot;
    },
    { out: (text) => out.push(text), err: (text) => err.push(text) },
  ).exitOverride();
  let failed = false;
  try {
    await program.parseAsync(['node', 'parked', ...args]);
  } catch {
    failed = true;
  }
  return { out: out.join(''), err: err.join(''), opened, failed };
}

describe('parked command line', () => {
  const lot = () => new MemoryLot([parked('evt_a'), parked(null, 'msg_b'), parked('evt_c')]);

  it('lists the parked messages of the named queue and closes the connection', async () => {
    const memory = lot();
    const result = await run(memory, 'list', 'webhook-dispatcher.events');
    expect(result.opened).toEqual(['webhook-dispatcher.events']);
    expect(JSON.parse(result.out)).toHaveLength(3);
    expect(memory.closed).toBe(true);
  });

  it('replays only the named events, matched by event id or message id', async () => {
    const result = await run(lot(), 'replay', 'q', '--event', 'evt_c', 'msg_b');
    expect(JSON.parse(result.out)).toEqual({ replayed: ['(no id)', 'evt_c'], kept: 1 });
  });

  it('replays everything with --all', async () => {
    const result = await run(lot(), 'replay', 'q', '--all');
    expect(JSON.parse(result.out).replayed).toHaveLength(3);
  });

  it.each([[[]], [['--all', '--event', 'evt_a']]])(
    'refuses a replay that names neither or both of --event and --all (%j)',
    async (flags) => {
      const result = await run(lot(), 'replay', 'q', ...flags);
      expect(result.failed).toBe(true);
      expect(result.err).toContain('either --event');
      expect(result.opened).toEqual([]);
    },
  );
});
