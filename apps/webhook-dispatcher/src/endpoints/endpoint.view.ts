import type { EndpointResponse } from './dto/endpoint.dto';
import type { WebhookEndpoint } from './webhook-endpoint.entity';

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

/** The public shape of an endpoint: monitoring fields included, the secret never. */
export function toEndpointResponse(
  endpoint: WebhookEndpoint,
  now: Date = new Date(),
): EndpointResponse {
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    events: endpoint.events,
    is_active: endpoint.isActive,
    failure_count: endpoint.failureCount,
    last_triggered_at: iso(endpoint.lastTriggeredAt),
    last_success_at: iso(endpoint.lastSuccessAt),
    last_failure_at: iso(endpoint.lastFailureAt),
    disabled_at: iso(endpoint.disabledAt),
    previous_secret_expires_at: endpoint.hasPreviousSecretAt(now)
      ? iso(endpoint.previousSecretExpiresAt)
      : null,
    created_at: endpoint.createdAt.toISOString(),
    updated_at: endpoint.updatedAt.toISOString(),
  };
}
