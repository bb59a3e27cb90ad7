import { Command } from 'commander';
import { ParkingLot, type ParkedMessage, type ReplayOutcome } from '../consumer/parking-lot';

/** What the commands need of a parking lot (ParkingLot, opened on the consumer's queue). */
export interface ParkedQueue {
  list(): Promise<ParkedMessage[]>;
  replay(shouldReplay?: (message: ParkedMessage) => boolean): Promise<ReplayOutcome>;
  close(): Promise<void>;
}

export interface CliOutput {
  out(text: string): void;
  err(text: string): void;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * `npm run parked -- <command> <queue>`: what a consumer parked (`<queue>.parking`) and why, and
 * replaying it into `<queue>` once the cause is fixed. `<queue>` is the consumer's queue, e.g.
 * `webhook-dispatcher.events`.
 */
export function buildParkedProgram(
  open: (queue: string) => Promise<ParkedQueue>,
  output: CliOutput,
): Command {
  const program = new Command('parked')
    .description('List and replay the events a consumer parked')
    .showHelpAfterError()
    .configureOutput({ writeOut: output.out, writeErr: output.err });

  const withQueue = async <T>(queue: string, work: (lot: ParkedQueue) => Promise<T>) => {
    const lot = await open(queue);
    try {
      return await work(lot);
    } finally {
      await lot.close();
    }
  };

  program
    .command('list')
    .description('list parked messages with the reason, without taking them out')
    .argument('<queue>', "the consumer's queue")
    .action(async (queue: string) => {
      output.out(json(await withQueue(queue, (lot) => lot.list())));
    });

  program
    .command('replay')
    .description("put parked messages back into the consumer's queue, as first attempts")
    .argument('<queue>', "the consumer's queue")
    .option('--event <id...>', 'replay only these event (or message) ids')
    .option('--all', 'replay every parked message')
    .action(async (queue: string, options: { event?: string[]; all?: boolean }) => {
      if (!options.all === !options.event) {
        program.error('replay needs either --event <id...> or --all');
      }
      const ids = new Set(options.event ?? []);
      const chosen = (message: ParkedMessage) =>
        options.all === true ||
        (message.eventId !== null && ids.has(message.eventId)) ||
        (message.messageId !== null && ids.has(message.messageId));
      output.out(json(await withQueue(queue, (lot) => lot.replay(chosen))));
    });

  return program;
}

async function main(): Promise<void> {
  const url = process.env.RABBITMQ_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
  const output: CliOutput = {
    out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
    err: (text) => process.stderr.write(text),
  };
  await buildParkedProgram((queue) => ParkingLot.open(url, queue), output).parseAsync(process.argv);
}

if (require.main === module) {
  main().catch((error: Error) => {
    process.stderr.write(`parked: ${error.message}\n`);
    process.exitCode = 1;
  });
}
