import { isUUID } from 'class-validator';
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { createEvent, VerificationEvent, type VerificationEventData } from '@pc/contracts';
import { decodeCursor, ProblemException, timestampAndUuid, toPage, type Page } from '@pc/http';
import type { Principal } from '@pc/auth';
import { DISPATCH_SETTINGS, type DispatchSettings } from '../dispatch/dispatch-settings';
import { FanOutEvent } from '../fan-out/fan-out-event';
import { DestinationPolicy, type DestinationProblem } from './destination-policy';
import type {
  CreateEndpointDto,
  EndpointResponse,
  EndpointWithSecretResponse,
  RotateSecretDto,
  TestDeliveryResponse,
  UpdateEndpointDto,
} from './dto/endpoint.dto';
import { toEndpointResponse } from './endpoint.view';
import { normalizeSubscription } from './event-subscription';
import { generateSigningSecret, SecretCipher } from './secret-cipher';
import { WebhookEndpoint } from './webhook-endpoint.entity';

const DESTINATION_MESSAGES: Record<DestinationProblem, string> = {
  invalid_url: 'url is not a valid absolute URL',
  https_required: 'url must use https',
  credentials_in_url: 'url must not contain a user name or password',
  forbidden_address: 'url resolves to a loopback, private, link-local or metadata address',
};

/** The nil session id marks the test event's payload as not about any real session. */
const TEST_EVENT_DATA: VerificationEventData = {
  verification_session_id: '00000000-0000-0000-0000-000000000000',
  external_id: null,
  status: 'completed',
  provider: 'bank_transfer',
};

/** Registering, changing and removing a partner's webhook endpoints; every query is scoped to the partner. */
@Injectable()
export class EndpointsService {
  private readonly policy: DestinationPolicy;

  constructor(
    private readonly dataSource: DataSource,
    private readonly cipher: SecretCipher,
    private readonly fanOut: FanOutEvent,
    @Inject(DISPATCH_SETTINGS) settings: DispatchSettings,
  ) {
    this.policy = new DestinationPolicy(settings.allowPrivateUrls);
  }

  async create(principal: Principal, dto: CreateEndpointDto): Promise<EndpointWithSecretResponse> {
    const events = normalizeSubscription(dto.events);
    await this.assertDestination(dto.url);
    const id = randomUUID();
    const secret = generateSigningSecret();
    const now = new Date();
    const endpoint = this.dataSource.manager.create(WebhookEndpoint, {
      id,
      partnerId: principal.partnerId,
      url: dto.url,
      description: dto.description ?? null,
      events,
      secretCiphertext: this.cipher.encrypt(secret, id),
      previousSecretCiphertext: null,
      previousSecretExpiresAt: null,
      isActive: true,
      failureCount: 0,
      lastTriggeredAt: null,
      lastSuccessAt: null,
      lastFailureAt: null,
      disabledAt: null,
      createdAt: now,
      updatedAt: now,
    });
    await this.dataSource.manager.insert(WebhookEndpoint, endpoint);
    return { ...toEndpointResponse(endpoint), secret };
  }

  async list(
    principal: Principal,
    cursor: string | undefined,
    perPage: number,
  ): Promise<Page<EndpointResponse>> {
    const query = this.dataSource.manager
      .createQueryBuilder(WebhookEndpoint, 'e')
      .where('e.partner_id = :partnerId', { partnerId: principal.partnerId })
      .orderBy('e.created_at', 'ASC')
      .addOrderBy('e.id', 'ASC')
      .limit(perPage + 1);
    if (cursor) {
      const position = decodeCursor(cursor, timestampAndUuid);
      query.andWhere('(e.created_at, e.id) > (:k, :id)', { k: position.k, id: position.id });
    }
    const rows = await query.getMany();
    return toPage(
      rows,
      perPage,
      (row) => ({ k: row.createdAt.toISOString(), id: row.id }),
      (row) => toEndpointResponse(row),
    );
  }

  async get(principal: Principal, id: string): Promise<EndpointResponse> {
    return toEndpointResponse(await this.find(this.dataSource.manager, principal, id));
  }

  async update(
    principal: Principal,
    id: string,
    dto: UpdateEndpointDto,
  ): Promise<EndpointResponse> {
    const events = dto.events === undefined ? undefined : normalizeSubscription(dto.events);
    if (dto.url !== undefined) await this.assertDestination(dto.url);
    return this.dataSource.transaction(async (manager) => {
      // Locked: the dispatcher's counter updates wait, so none is overwritten by this save.
      const endpoint = await this.find(manager, principal, id, true);
      if (dto.url !== undefined) endpoint.url = dto.url;
      if (events !== undefined) endpoint.events = events;
      if (dto.description !== undefined) endpoint.description = dto.description;
      if (dto.is_active === true) endpoint.reactivate();
      if (dto.is_active === false) endpoint.deactivate();
      endpoint.updatedAt = new Date();
      await manager.save(endpoint);
      return toEndpointResponse(endpoint);
    });
  }

  async remove(principal: Principal, id: string): Promise<void> {
    if (!isUUID(id, 'loose')) throw ProblemException.notFound('Webhook endpoint');
    const result = await this.dataSource.manager.delete(WebhookEndpoint, {
      id,
      partnerId: principal.partnerId,
    });
    if (!result.affected) throw ProblemException.notFound('Webhook endpoint');
  }

  async rotateSecret(
    principal: Principal,
    id: string,
    dto: RotateSecretDto,
  ): Promise<EndpointWithSecretResponse> {
    const overlapSeconds = dto.overlap_seconds ?? 0;
    return this.dataSource.transaction(async (manager) => {
      const endpoint = await this.find(manager, principal, id, true);
      const secret = generateSigningSecret();
      const now = new Date();
      const overlapUntil =
        overlapSeconds > 0 ? new Date(now.getTime() + overlapSeconds * 1000) : null;
      endpoint.rotateSecret(
        this.cipher.encrypt(secret, endpoint.id),
        endpoint.secretCiphertext,
        overlapUntil,
      );
      endpoint.updatedAt = now;
      await manager.save(endpoint);
      return { ...toEndpointResponse(endpoint, now), secret };
    });
  }

  /** Sends `verification.test` to this endpoint through the ordinary pipeline (same signing, schedule, accounting). */
  async sendTest(principal: Principal, id: string): Promise<TestDeliveryResponse> {
    return this.dataSource.transaction(async (manager) => {
      const endpoint = await this.find(manager, principal, id);
      if (!endpoint.isActive) {
        throw ProblemException.conflict(
          'endpoint_inactive',
          'Endpoint inactive',
          'Reactivate the endpoint (PATCH with is_active: true) before sending a test delivery.',
        );
      }
      const event = createEvent(VerificationEvent.Test, TEST_EVENT_DATA, {
        partner_id: principal.partnerId,
      });
      const deliveryId = await this.fanOut.toEndpoint(event, endpoint.id, manager);
      return { delivery_id: deliveryId, event_id: event.id, event_type: event.type };
    });
  }

  /** The partner's endpoint, or 404 (also for another partner's: never 403). */
  async find(
    manager: EntityManager,
    principal: Principal,
    id: string,
    lock = false,
  ): Promise<WebhookEndpoint> {
    if (!isUUID(id, 'loose')) throw ProblemException.notFound('Webhook endpoint');
    const endpoint = await manager.findOne(WebhookEndpoint, {
      where: { id, partnerId: principal.partnerId },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!endpoint) throw ProblemException.notFound('Webhook endpoint');
    return endpoint;
  }

  private async assertDestination(url: string): Promise<void> {
    const problem = await this.policy.checkDestination(url);
    if (!problem) return;
    throw new ProblemException({
      status: 422,
      code: problem === 'forbidden_address' ? 'forbidden_destination' : 'invalid_url',
      title: 'Endpoint URL not allowed',
      detail: DESTINATION_MESSAGES[problem],
      errors: [{ field: 'url', code: problem, message: DESTINATION_MESSAGES[problem] }],
    });
  }
}
