export type Admission = 'started' | 'queued' | 'rejected';

interface EndpointLane {
  running: number;
  waiting: Array<() => void>;
}

/**
 * Bounded concurrency per endpoint. A task for an endpoint at its limit waits in that endpoint's
 * short lane; when the lane is full the task is rejected and the caller leaves the delivery to the
 * sweeper (PostgreSQL still has it as due). So a hanging endpoint holds at most
 * `perEndpoint + backlog` deliveries here and none of the broker's prefetch window.
 */
export class EndpointGate {
  private readonly lanes = new Map<string, EndpointLane>();

  constructor(
    private readonly perEndpoint: number,
    private readonly backlog: number,
  ) {}

  admit(endpointId: string, task: () => Promise<void>): Admission {
    let lane = this.lanes.get(endpointId);
    if (!lane) {
      lane = { running: 0, waiting: [] };
      this.lanes.set(endpointId, lane);
    }
    const run = () => {
      lane.running++;
      void task().finally(() => this.release(endpointId, lane));
    };
    if (lane.running < this.perEndpoint) {
      run();
      return 'started';
    }
    if (lane.waiting.length < this.backlog) {
      lane.waiting.push(run);
      return 'queued';
    }
    return 'rejected';
  }

  /** Tasks running or waiting for `endpointId`. */
  load(endpointId: string): number {
    const lane = this.lanes.get(endpointId);
    return lane ? lane.running + lane.waiting.length : 0;
  }

  get size(): number {
    let total = 0;
    for (const lane of this.lanes.values()) total += lane.running + lane.waiting.length;
    return total;
  }

  private release(endpointId: string, lane: EndpointLane): void {
    lane.running--;
    const next = lane.waiting.shift();
    if (next) next();
    else if (lane.running === 0) this.lanes.delete(endpointId);
  }
}
