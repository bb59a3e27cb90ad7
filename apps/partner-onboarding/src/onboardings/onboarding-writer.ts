import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Principal } from '@pc/auth';
import { ProblemException } from '@pc/http';
import { OutboxPublisher } from '@pc/messaging';
import type { Onboarding } from './onboarding.entity';
import { OnboardingsRepository } from './onboardings.repository';
import { missingSegments } from './missing-segments';
import { statusForData } from './onboarding-status';

export interface WriteOptions {
  /** Data segments, documents and owners change only before review; invitations are managed after it too. */
  requireEditable: boolean;
}

/**
 * The one way an onboarding changes: in a transaction holding its row lock, the act runs, the status
 * follows the completeness of the data, the row is saved and every event goes to the outbox with it.
 * The lock serialises concurrent writes to one onboarding, so completeness is judged on committed data.
 */
@Injectable()
export class OnboardingWriter {
  constructor(
    private readonly dataSource: DataSource,
    private readonly onboardings: OnboardingsRepository,
    private readonly outbox: OutboxPublisher,
  ) {}

  async write<T>(
    principal: Principal,
    ref: string,
    options: WriteOptions,
    act: (onboarding: Onboarding, manager: EntityManager) => Promise<T>,
  ): Promise<{ onboarding: Onboarding; result: T }> {
    return this.dataSource.transaction(async (manager) => {
      const onboarding = await this.onboardings.findScoped(principal, ref, manager, true);
      if (!onboarding) throw ProblemException.notFound('Onboarding');
      if (options.requireEditable) onboarding.requireEditable();
      const result = await act(onboarding, manager);
      const facts = await this.onboardings.facts(manager, onboarding.id);
      const complete =
        missingSegments(onboarding.entityType, onboarding.segments, facts).length === 0;
      const next = statusForData(onboarding.status, complete);
      if (next) onboarding.transitionTo(next);
      await this.onboardings.save(manager, onboarding);
      await this.outbox.publish(manager, onboarding.pullEvents());
      return { onboarding, result };
    });
  }
}
