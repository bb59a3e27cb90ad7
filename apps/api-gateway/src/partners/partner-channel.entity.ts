import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Partner } from './partner.entity';

/** A sales channel (e.g. `acme-shop`); its code is unique across all partners. */
@Entity('partner_channels')
export class PartnerChannel {
  @PrimaryColumn('text')
  code: string;

  @Column('uuid', { name: 'partner_id' })
  partnerId: string;

  @ManyToOne(() => Partner, (partner) => partner.channels)
  @JoinColumn({ name: 'partner_id' })
  partner?: Partner;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

export const CHANNEL_CODE_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;
