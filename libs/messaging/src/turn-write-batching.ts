import type { Writable } from 'node:stream';

const BATCHED = Symbol('turnWriteBatching');

/**
 * Makes everything a stream is given in one turn of the event loop leave in one write.
 *
 * amqplib writes each frame to its socket on its own, so a relay batch of 20 events was 20 `write`
 * syscalls, each a packet the broker wakes up for; broker acknowledgements from a consumer, the
 * same. Here the first write of a turn corks the socket and the next tick uncorks it: one `writev`.
 * Nothing waits for a timer, and backpressure is unchanged (`write` still returns false past the
 * high-water mark, and 'drain' follows the flush).
 */
export function batchWritesPerTurn(stream: Writable): void {
  const tagged = stream as Writable & { [BATCHED]?: true };
  if (tagged[BATCHED]) return;
  tagged[BATCHED] = true;
  const write = stream.write;
  let corked = false;
  const flush = (): void => {
    corked = false;
    if (!stream.destroyed) stream.uncork();
  };
  stream.write = function writeInTurn(this: Writable, ...args: Parameters<Writable['write']>) {
    if (!corked && !stream.destroyed) {
      corked = true;
      stream.cork();
      process.nextTick(flush);
    }
    return write.apply(this, args);
  } as Writable['write'];
}
