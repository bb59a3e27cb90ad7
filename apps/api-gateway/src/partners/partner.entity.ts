import { Column, CreateDateColumn, Entity, OneToMany, PrimaryGeneratedColumn } from 'typeorm';
import { PartnerChannel } from './partner-channel.entity';

/** A company integrating with Partner Connect; it owns channels and holds keys. */
@Entity('partners')
export class Partner {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('text')
  name: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @OneToMany(() => PartnerChannel, (channel) => channel.partner)
  channels?: PartnerChannel[];
}
