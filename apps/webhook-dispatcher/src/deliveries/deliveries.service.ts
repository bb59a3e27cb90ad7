import { isUUID } from 'class-validator';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Principal } from '@pc/auth';
import { decodeCursor, ProblemException, timestampAndUuid, toPage, type Page } from '@pc/http';
import { DeliveryPipeline } from '../dispatch/delivery-pipeline';
import type { DeliveryTicket } from '../dispatch/delivery-ticket';
import { EndpointsService } from '../endpoints/endpoints.service';
import type { WebhookEndpoint } from '../endpoints/webhook-endpoint.entity';
import type { AttemptResponse, DeliveryQueryDto, DeliveryResponse } from './dto/delivery.dto';
import type { DeliveryStatus } from './webhook-delivery.entity';

/** The cursor keeps microseconds: a JavaScript Date would cut them and skip rows on the next page. */
const DELIVERY_COLUMNS = `d.id, d.endpoint_id, d.event_id, d.event_type, d.status, d.attempts_made, d.next_attempt_at,
  d.created_at, d.completed_at, to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_key`;

/*
 * Back on the schedule now. A finished (or skipped) delivery starts a fresh cycle of attempts; a
 * pending one just gets its next attempt early. Not while an attempt is in flight. The UPDATEs are
 * wrapped in a SELECT: TypeORM returns `[rows, count]` for a top-level UPDATE.
 */
const RESEND_SQL = `
WITH changed AS (
  UPDATE webhook_deliveries d
     SET cycle_start = CASE WHEN d.status = 'pending' THEN d.cycle_start ELSE d.attempts_made END,
         status = 'pending', next_attempt_at = now(), claimed_attempt = NULL, completed_at = NULL
   WHERE d.id = $1 AND d.endpoint_id = $2
     AND NOT (d.status = 'pending' AND d.claimed_attempt IS NOT NULL AND d.next_attempt_at > now())
  RETURNING d.id, d.endpoint_id, d.attempts_made + 1 AS attempt_number
)
SELECT * FROM changed`;

const RECOVER_SQL = `
WITH changed AS (
  UPDATE webhook_deliveries d
     SET cycle_start = d.attempts_made, status = 'pending', next_attempt_at = now(), claimed_attempt = NULL, completed_at = NULL
   WHERE d.endpoint_id = $1 AND d.status IN ('failed', 'skipped') AND d.created_at >= $2
  RETURNING d.id, d.endpoint_id, d.attempts_made + 1 AS attempt_number
)
SELECT * FROM changed`;

interface DeliveryRow {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  status: DeliveryStatus;
  attempts_made: number;
  next_attempt_at: Date | null;
  created_at: Date;
  completed_at: Date | null;
  cursor_key: string;
}

interface AttemptRow {
  delivery_id: string;
  attempt_number: number;
  attempted_at: Date;
  duration_ms: number;
  outcome: 'success' | 'failure';
  status_code: number | null;
  error_class: string | null;
  response_excerpt: string | null;
}

interface TicketRow {
  id: string;
  endpoint_id: string;
  attempt_number: number;
}

/** An endpoint's delivery history, and the operator's levers: resend one, recover many. */
@Injectable()
export class DeliveriesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly endpoints: EndpointsService,
    private readonly pipeline: DeliveryPipeline,
  ) {}

  async list(
    principal: Principal,
    endpointId: string,
    query: DeliveryQueryDto,
  ): Promise<Page<DeliveryResponse>> {
    await this.endpoints.find(this.dataSource.manager, principal, endpointId);
    const conditions = ['d.endpoint_id = $1'];
    const params: unknown[] = [endpointId];
    if (query.status) conditions.push(`d.status = $${params.push(query.status)}`);
    if (query.event_type) conditions.push(`d.event_type = $${params.push(query.event_type)}`);
    if (query.cursor) {
      const position = decodeCursor(query.cursor, timestampAndUuid);
      conditions.push(
        `(d.created_at, d.id) < ($${params.push(position.k)}::timestamptz, $${params.push(position.id)}::uuid)`,
      );
    }
    const rows: DeliveryRow[] = await this.dataSource.query(
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d WHERE ${conditions.join(' AND ')}
        ORDER BY d.created_at DESC, d.id DESC LIMIT $${params.push(query.per_page + 1)}`,
      params,
    );
    const attempts = await this.attemptsOf(rows.slice(0, query.per_page).map((row) => row.id));
    return toPage(
      rows,
      query.per_page,
      (row) => ({ k: row.cursor_key, id: row.id }),
      (row) => toDelivery(row, attempts.get(row.id) ?? []),
    );
  }

  async get(
    principal: Principal,
    endpointId: string,
    deliveryId: string,
  ): Promise<DeliveryResponse> {
    await this.endpoints.find(this.dataSource.manager, principal, endpointId);
    const row = await this.findDelivery(endpointId, deliveryId);
    const attempts = await this.attemptsOf([row.id]);
    return toDelivery(row, attempts.get(row.id) ?? []);
  }

  async resend(
    principal: Principal,
    endpointId: string,
    deliveryId: string,
  ): Promise<DeliveryResponse> {
    this.assertActive(await this.endpoints.find(this.dataSource.manager, principal, endpointId));
    await this.findDelivery(endpointId, deliveryId);
    const rows: TicketRow[] = await this.dataSource.query(RESEND_SQL, [deliveryId, endpointId]);
    if (rows.length === 0) {
      throw ProblemException.conflict(
        'attempt_in_flight',
        'Attempt in flight',
        'An attempt of this delivery is running; try again when it ends.',
      );
    }
    this.pipeline.enqueue(rows.map(toTicket));
    return this.get(principal, endpointId, deliveryId);
  }

  async recover(principal: Principal, endpointId: string, since: Date): Promise<number> {
    this.assertActive(await this.endpoints.find(this.dataSource.manager, principal, endpointId));
    const rows: TicketRow[] = await this.dataSource.query(RECOVER_SQL, [endpointId, since]);
    this.pipeline.enqueue(rows.map(toTicket));
    return rows.length;
  }

  private assertActive(endpoint: WebhookEndpoint): void {
    if (endpoint.isActive) return;
    throw ProblemException.conflict(
      'endpoint_inactive',
      'Endpoint inactive',
      'Reactivate the endpoint (PATCH with is_active: true) before sending deliveries to it again.',
    );
  }

  private async findDelivery(endpointId: string, deliveryId: string): Promise<DeliveryRow> {
    if (!isUUID(deliveryId, 'loose')) throw ProblemException.notFound('Delivery');
    const rows: DeliveryRow[] = await this.dataSource.query(
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d WHERE d.id = $1 AND d.endpoint_id = $2`,
      [deliveryId, endpointId],
    );
    if (!rows[0]) throw ProblemException.notFound('Delivery');
    return rows[0];
  }

  private async attemptsOf(deliveryIds: string[]): Promise<Map<string, AttemptResponse[]>> {
    const byDelivery = new Map<string, AttemptResponse[]>();
    if (deliveryIds.length === 0) return byDelivery;
    const rows: AttemptRow[] = await this.dataSource.query(
      `SELECT * FROM webhook_delivery_attempts WHERE delivery_id = ANY($1::uuid[]) ORDER BY delivery_id, attempt_number`,
      [deliveryIds],
    );
    for (const row of rows) {
      const list = byDelivery.get(row.delivery_id) ?? [];
      list.push({
        attempt_number: row.attempt_number,
        attempted_at: row.attempted_at.toISOString(),
        duration_ms: row.duration_ms,
        outcome: row.outcome,
        status_code: row.status_code,
        error_class: row.error_class,
        response_excerpt: row.response_excerpt,
      });
      byDelivery.set(row.delivery_id, list);
    }
    return byDelivery;
  }
}

function toTicket(row: TicketRow): DeliveryTicket {
  return { deliveryId: row.id, endpointId: row.endpoint_id, attemptNumber: row.attempt_number };
}

function toDelivery(row: DeliveryRow, attempts: AttemptResponse[]): DeliveryResponse {
  return {
    id: row.id,
    endpoint_id: row.endpoint_id,
    event_id: row.event_id,
    event_type: row.event_type,
    status: row.status,
    attempts_made: row.attempts_made,
    next_attempt_at: row.next_attempt_at ? row.next_attempt_at.toISOString() : null,
    created_at: row.created_at.toISOString(),
    completed_at: row.completed_at ? row.completed_at.toISOString() : null,
    attempts,
  };
}
