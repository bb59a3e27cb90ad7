import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { Scope } from '@pc/contracts';

/** A partner key: only its id (public) and the SHA-256 hash of the whole key are stored. */
@Entity('partner_keys')
export class PartnerKey {
  @PrimaryColumn('text')
  id: string;

  @Column('uuid', { name: 'partner_id' })
  partnerId: string;

  @Column('bytea', { name: 'secret_hash' })
  secretHash: Buffer;

  @Column('text', { array: true })
  scopes: Scope[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz', { name: 'revoked_at', nullable: true })
  revokedAt: Date | null;

  get isActive(): boolean {
    return this.revokedAt === null;
  }
}
