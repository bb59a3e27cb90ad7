import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { SESSION_SETTINGS, type SessionSettings } from './session-settings';
import { ExpireDueSessions } from './usecases/expire-due-sessions';

/**
 * Expires sessions whose TTL elapsed, every `intervalMs` (sooner while there is a backlog). Every
 * replica may run it: claims use SKIP LOCKED, so no session is expired twice.
 */
@Injectable()
export class SessionExpiryWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(SessionExpiryWorker.name);
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;

  constructor(
    private readonly expireDue: ExpireDueSessions,
    @Inject(SESSION_SETTINGS) private readonly settings: SessionSettings,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.settings.expiry.enabled) return;
    this.running = true;
    this.loop = this.run();
  }

  async onModuleDestroy(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    const { batchSize, intervalMs } = this.settings.expiry;
    while (this.running) {
      try {
        let expired: number;
        do {
          expired = await this.expireDue.execute(batchSize);
          if (expired > 0) this.logger.log({ expired }, 'expired sessions past their TTL');
        } while (this.running && expired === batchSize);
      } catch (error) {
        this.logger.warn(`expiry sweep failed, retrying: ${(error as Error).message}`);
      }
      await this.pause(intervalMs);
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wake = null;
        resolve();
      }, ms);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
    });
  }
}
