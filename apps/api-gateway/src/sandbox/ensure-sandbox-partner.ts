import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ALL_SCOPES } from '@pc/contracts';
import { PartnerKeysService } from '../keys/partner-keys.service';
import { PartnersService } from '../partners/partners.service';

export const SANDBOX_PARTNER_NAME = 'Sandbox Partner';
export const SANDBOX_CHANNEL = 'sandbox';
/** Serialises concurrent start-ups so only one of them creates the sandbox partner or its key. */
const SANDBOX_LOCK = 7_716_001;

export interface SandboxPartner {
  partner_id: string;
  channel: string;
  key_id: string;
  /** The plaintext when a key was issued by this call; null when the existing key stays. */
  key: string | null;
}

/**
 * The local sandbox: a partner "Sandbox Partner" owning channel `sandbox`, with one active key
 * holding every scope. A key is issued on the first run, or on `reissue` (the caller lost the
 * plaintext), which revokes the previous one. An existing key is kept but given any scope added
 * to the platform since it was issued.
 */
@Injectable()
export class EnsureSandboxPartner {
  constructor(
    private readonly dataSource: DataSource,
    private readonly partners: PartnersService,
    private readonly keys: PartnerKeysService,
  ) {}

  async execute(options: { reissue: boolean }): Promise<SandboxPartner> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1)', [SANDBOX_LOCK]);
      let partner = await this.partners.findByChannel(SANDBOX_CHANNEL, manager);
      if (!partner) {
        partner = await this.partners.create(SANDBOX_PARTNER_NAME, manager);
        await this.partners.addChannel(partner.id, SANDBOX_CHANNEL, manager);
      }
      const active = await this.keys.activeKeysOf(partner.id, manager);
      if (options.reissue) {
        for (const key of active) await this.keys.revoke(key.id, manager);
      }
      const kept = options.reissue ? undefined : active[0];
      if (kept) {
        if (ALL_SCOPES.some((scope) => !kept.scopes.includes(scope))) {
          kept.scopes = [...ALL_SCOPES];
          await manager.save(kept);
        }
        return { partner_id: partner.id, channel: SANDBOX_CHANNEL, key_id: kept.id, key: null };
      }
      const issued = await this.keys.issue(partner.id, ALL_SCOPES, manager);
      return {
        partner_id: partner.id,
        channel: SANDBOX_CHANNEL,
        key_id: issued.key.id,
        key: issued.plaintext,
      };
    });
  }
}
