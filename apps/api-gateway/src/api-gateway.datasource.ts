import type { DataSourceOptions } from 'typeorm';
import { postgresDataSourceOptions, type DatabaseConfig } from '@pc/persistence';
import { PartnerKey } from './keys/partner-key.entity';
import { CreatePartnersAndKeys1761000000000 } from './migrations/1761000000000-create-partners-and-keys';
import { PartnerChannel } from './partners/partner-channel.entity';
import { Partner } from './partners/partner.entity';

/** The gateway database: partners, channels and partner keys, and every migration in order. */
export function apiGatewayDataSourceOptions(db: DatabaseConfig): DataSourceOptions {
  return postgresDataSourceOptions(db, {
    entities: [Partner, PartnerChannel, PartnerKey],
    migrations: [CreatePartnersAndKeys1761000000000],
  });
}
