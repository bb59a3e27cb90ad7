import { Inject, Injectable } from '@nestjs/common';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import { isScope, type Scope } from '@pc/contracts';
import { PartnersService } from '../partners/partners.service';
import { PartnerDirectoryError } from '../partners/partner-directory.error';
import { generatePartnerKey, isKeyId, type KeyEnvironment } from './key-format';
import { PartnerKey } from './partner-key.entity';

export const PARTNER_KEY_ENVIRONMENT = Symbol('PARTNER_KEY_ENVIRONMENT');

export interface IssuedPartnerKey {
  key: PartnerKey;
  /** The only time the plaintext exists outside the partner's hands. */
  plaintext: string;
}

/** What the gateway needs to authenticate a key: one row, channels included. */
export interface ActiveKeyRecord {
  keyId: string;
  partnerId: string;
  secretHash: Buffer;
  scopes: Scope[];
  channels: string[];
}

/** Issues, revokes and looks up partner keys. */
@Injectable()
export class PartnerKeysService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly partners: PartnersService,
    @Inject(PARTNER_KEY_ENVIRONMENT) private readonly environment: KeyEnvironment,
  ) {}

  async issue(
    partnerId: string,
    scopes: readonly string[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<IssuedPartnerKey> {
    const validScopes = validateScopes(scopes);
    const partner = await this.partners.findOrFail(partnerId, manager);
    if (!partner.channels?.length) {
      throw new PartnerDirectoryError(
        'partner_has_no_channel',
        "Add a channel to the partner before issuing a key: a key acts in its partner's channels.",
      );
    }
    const generated = generatePartnerKey(this.environment);
    const key = manager.create(PartnerKey, {
      id: generated.keyId,
      partnerId,
      secretHash: generated.secretHash,
      scopes: validScopes,
      revokedAt: null,
    });
    await manager.insert(PartnerKey, key);
    return { key, plaintext: generated.plaintext };
  }

  /** Revokes a key; revoking an already revoked key changes nothing. */
  async revoke(
    keyId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<PartnerKey> {
    const key = isKeyId(keyId) ? await manager.findOne(PartnerKey, { where: { id: keyId } }) : null;
    if (!key) throw new PartnerDirectoryError('unknown_key', `No partner key ${keyId}.`);
    if (key.revokedAt) return key;
    key.revokedAt = new Date();
    return manager.save(key);
  }

  async listForPartners(
    partnerIds: string[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<PartnerKey[]> {
    if (partnerIds.length === 0) return [];
    return manager
      .createQueryBuilder(PartnerKey, 'key')
      .where('key.partner_id = ANY(:partnerIds)', { partnerIds })
      .orderBy('key.created_at', 'ASC')
      .getMany();
  }

  async activeKeysOf(
    partnerId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<PartnerKey[]> {
    return manager.find(PartnerKey, {
      where: { partnerId, revokedAt: IsNull() },
      order: { createdAt: 'DESC' },
    });
  }

  /** The active key with this id and its partner's channels, in one query; null when unknown or revoked. */
  async findActive(keyId: string): Promise<ActiveKeyRecord | null> {
    const rows: {
      id: string;
      partner_id: string;
      secret_hash: Buffer;
      scopes: string[];
      channels: string[];
    }[] = await this.dataSource.query(
      `SELECT k.id, k.partner_id, k.secret_hash, k.scopes,
                coalesce(array_agg(c.code ORDER BY c.code) FILTER (WHERE c.code IS NOT NULL), '{}') AS channels
           FROM partner_keys k
           LEFT JOIN partner_channels c ON c.partner_id = k.partner_id
          WHERE k.id = $1 AND k.revoked_at IS NULL
          GROUP BY k.id`,
      [keyId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      keyId: row.id,
      partnerId: row.partner_id,
      secretHash: row.secret_hash,
      scopes: row.scopes.filter(isScope),
      channels: row.channels,
    };
  }
}

function validateScopes(scopes: readonly string[]): Scope[] {
  const unique = [...new Set(scopes)];
  const unknown = unique.filter((scope) => !isScope(scope));
  if (unknown.length > 0) {
    throw new PartnerDirectoryError('unknown_scope', `Unknown scope(s): ${unknown.join(', ')}.`);
  }
  if (unique.length === 0)
    throw new PartnerDirectoryError('no_scope', 'A key needs at least one scope.');
  return unique as Scope[];
}
