import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { CHANNEL_CODE_PATTERN, PartnerChannel } from './partner-channel.entity';
import { Partner } from './partner.entity';
import { isPartnerId, PartnerDirectoryError } from './partner-directory.error';

const UNIQUE_VIOLATION = '23505';

/** Creates partners and gives them channels. */
@Injectable()
export class PartnersService {
  constructor(private readonly dataSource: DataSource) {}

  async create(name: string, manager: EntityManager = this.dataSource.manager): Promise<Partner> {
    const trimmed = name.trim();
    if (trimmed.length === 0 || trimmed.length > 200) {
      throw new PartnerDirectoryError('invalid_name', 'A partner name has 1 to 200 characters.');
    }
    return manager.save(manager.create(Partner, { name: trimmed }));
  }

  async addChannel(
    partnerId: string,
    code: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<PartnerChannel> {
    if (!CHANNEL_CODE_PATTERN.test(code)) {
      throw new PartnerDirectoryError(
        'invalid_channel_code',
        'A channel code is 1 to 63 lowercase letters, digits or hyphens, starting with a letter or digit.',
      );
    }
    await this.findOrFail(partnerId, manager);
    // insert, not save: save would update (move) a channel that already belongs to another partner.
    const channel = manager.create(PartnerChannel, { code, partnerId });
    try {
      await manager.insert(PartnerChannel, channel);
      return channel;
    } catch (error) {
      if ((error as { driverError?: { code?: string } }).driverError?.code === UNIQUE_VIOLATION) {
        throw new PartnerDirectoryError(
          'channel_taken',
          `The channel ${code} already belongs to a partner.`,
        );
      }
      throw error;
    }
  }

  async findOrFail(
    partnerId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Partner> {
    const partner = isPartnerId(partnerId)
      ? await manager.findOne(Partner, { where: { id: partnerId }, relations: { channels: true } })
      : null;
    if (!partner) throw new PartnerDirectoryError('unknown_partner', `No partner ${partnerId}.`);
    return partner;
  }

  async findByChannel(
    code: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Partner | null> {
    const channel = await manager.findOne(PartnerChannel, { where: { code } });
    return channel ? this.findOrFail(channel.partnerId, manager) : null;
  }

  async list(manager: EntityManager = this.dataSource.manager): Promise<Partner[]> {
    return manager.find(Partner, {
      relations: { channels: true },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }
}
