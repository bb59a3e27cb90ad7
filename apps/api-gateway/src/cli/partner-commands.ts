import { DataSource } from 'typeorm';
import { ALL_SCOPES } from '@pc/contracts';
import type { KeyEnvironment } from '../keys/key-format';
import type { PartnerKey } from '../keys/partner-key.entity';
import { PartnerKeysService } from '../keys/partner-keys.service';
import { PartnersService } from '../partners/partners.service';
import { EnsureSandboxPartner, type SandboxPartner } from '../sandbox/ensure-sandbox-partner';

export interface KeySummary {
  key_id: string;
  scopes: string[];
  created_at: string;
  revoked_at: string | null;
}

export interface PartnerSummary {
  id: string;
  name: string;
  created_at: string;
  channels: string[];
  keys: KeySummary[];
}

function keySummary(key: PartnerKey): KeySummary {
  return {
    key_id: key.id,
    scopes: key.scopes,
    created_at: key.createdAt.toISOString(),
    revoked_at: key.revokedAt?.toISOString() ?? null,
  };
}

/** What `npm run partner -- …` does, as plain functions over the gateway database. */
export class PartnerCommands {
  constructor(
    private readonly partners: PartnersService,
    private readonly keys: PartnerKeysService,
    private readonly sandboxPartner: EnsureSandboxPartner,
  ) {}

  static forDataSource(dataSource: DataSource, environment: KeyEnvironment): PartnerCommands {
    const partners = new PartnersService(dataSource);
    const keys = new PartnerKeysService(dataSource, partners, environment);
    return new PartnerCommands(
      partners,
      keys,
      new EnsureSandboxPartner(dataSource, partners, keys),
    );
  }

  async create(name: string): Promise<{ partner_id: string; name: string }> {
    const partner = await this.partners.create(name);
    return { partner_id: partner.id, name: partner.name };
  }

  async addChannel(
    partnerId: string,
    channel: string,
  ): Promise<{ partner_id: string; channel: string }> {
    const added = await this.partners.addChannel(partnerId, channel);
    return { partner_id: added.partnerId, channel: added.code };
  }

  /** Every scope when none is named. The plaintext `key` is returned here and never again. */
  async issueKey(
    partnerId: string,
    scopes: readonly string[] = ALL_SCOPES,
  ): Promise<{ partner_id: string; key_id: string; key: string; scopes: string[] }> {
    const issued = await this.keys.issue(partnerId, scopes);
    return {
      partner_id: partnerId,
      key_id: issued.key.id,
      key: issued.plaintext,
      scopes: issued.key.scopes,
    };
  }

  async revokeKey(keyId: string): Promise<{ key_id: string; revoked_at: string }> {
    const key = await this.keys.revoke(keyId);
    return { key_id: key.id, revoked_at: key.revokedAt!.toISOString() };
  }

  async list(): Promise<PartnerSummary[]> {
    const partners = await this.partners.list();
    const keys = await this.keys.listForPartners(partners.map((partner) => partner.id));
    return partners.map((partner) => ({
      id: partner.id,
      name: partner.name,
      created_at: partner.createdAt.toISOString(),
      channels: (partner.channels ?? []).map((channel) => channel.code).sort(),
      keys: keys.filter((key) => key.partnerId === partner.id).map(keySummary),
    }));
  }

  sandbox(reissue: boolean): Promise<SandboxPartner> {
    return this.sandboxPartner.execute({ reissue });
  }
}
