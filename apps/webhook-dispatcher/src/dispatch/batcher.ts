interface Pending<TIn, TOut> {
  item: TIn;
  resolve: (value: TOut) => void;
  reject: (error: unknown) => void;
}

/**
 * Turns many small database writes into few transactions: items submitted while a flush is running
 * go together into the next one. An idle batcher flushes on the next tick, so a lone item waits
 * for nothing. Flushes run one at a time.
 */
export class Batcher<TIn, TOut> {
  private queue: Array<Pending<TIn, TOut>> = [];
  private draining = false;

  constructor(
    private readonly flush: (items: TIn[]) => Promise<TOut[]>,
    private readonly maxBatch = 500,
  ) {}

  submit(item: TIn): Promise<TOut> {
    return new Promise<TOut>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.draining) {
        this.draining = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  get waiting(): number {
    return this.queue.length;
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      try {
        const results = await this.flush(batch.map((pending) => pending.item));
        batch.forEach((pending, index) => pending.resolve(results[index]));
      } catch (error) {
        for (const pending of batch) pending.reject(error);
      }
    }
    this.draining = false;
  }
}

const RETRYABLE_SQLSTATES = new Set(['40P01', '40001']);

/** Runs `work` again (up to `times`) when PostgreSQL aborted it for a deadlock or serialization conflict. */
export async function retryOnConflict<T>(work: () => Promise<T>, times = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const code =
        (error as { code?: string; driverError?: { code?: string } }).driverError?.code ??
        (error as { code?: string }).code;
      if (attempt >= times || !code || !RETRYABLE_SQLSTATES.has(code)) throw error;
    }
  }
}
