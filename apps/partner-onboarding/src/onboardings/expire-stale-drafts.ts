import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OutboxPublisher } from '@pc/messaging';
import { PeriodicJob } from '@pc/persistence';
import { PartnerOnboardingEnv } from '../config/partner-onboarding.env';
import { OnboardingsRepository } from './onboardings.repository';

const BATCH = 500;

/**
 * Expires drafts nobody has touched for DRAFT_TTL_DAYS, in batches, each with its status_changed
 * event. Rows a writer holds are skipped (SKIP LOCKED) and picked up by the next run, so any number
 * of replicas may sweep at once.
 */
@Injectable()
export class ExpireStaleDrafts implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ExpireStaleDrafts.name);
  private job: PeriodicJob | null = null;

  constructor(
    private readonly env: PartnerOnboardingEnv,
    private readonly dataSource: DataSource,
    private readonly onboardings: OnboardingsRepository,
    private readonly outbox: OutboxPublisher,
  ) {}

  onApplicationBootstrap(): void {
    const seconds = this.env.DRAFT_EXPIRY_INTERVAL_SECONDS;
    if (seconds === 0) return;
    this.job = new PeriodicJob('draft expiry', () => this.run(), this.logger, {
      intervalMs: seconds * 1000,
    });
    this.job.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.job?.stop();
  }

  /** Expires every stale onboarding; returns how many. */
  async run(): Promise<number> {
    let total = 0;
    for (;;) {
      const expired = await this.dataSource.transaction(async (manager) => {
        const stale = await this.onboardings.lockStale(manager, this.env.DRAFT_TTL_DAYS, BATCH);
        for (const onboarding of stale) {
          onboarding.transitionTo('expired');
          await this.onboardings.save(manager, onboarding);
          await this.outbox.publish(manager, onboarding.pullEvents());
        }
        return stale.length;
      });
      total += expired;
      if (expired < BATCH) return total;
    }
  }
}
