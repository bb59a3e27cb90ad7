import { isScope, type Scope } from '@pc/contracts';
import { PARTNER_KEY_SCHEME } from '@pc/auth';
import type { DownstreamServiceName } from './downstream-services';
import type { GatewayRoute } from './route-table';

export const HTTP_METHODS = [
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
] as const;

export interface OpenApiOperation {
  security?: Record<string, string[]>[];
  [member: string]: unknown;
}

export interface OpenApiDocument {
  openapi?: string;
  info?: Record<string, unknown>;
  paths?: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
  tags?: { name: string }[];
  [member: string]: unknown;
}

export interface ExtractedRoutes {
  routes: GatewayRoute[];
  /** Operations declaring scopes the platform does not know: never routed, logged instead. */
  rejected: string[];
}

/** The scopes an operation requires through `partner_key`; null when it is not partner-facing. */
export function partnerKeyScopesOf(operation: OpenApiOperation): string[] | null {
  const requirement = operation.security?.find((entry) => PARTNER_KEY_SCHEME in entry);
  return requirement ? (requirement[PARTNER_KEY_SCHEME] ?? []) : null;
}

/** Partner-facing and declaring only scopes the platform knows: the gateway routes it. */
export function isRoutable(operation: OpenApiOperation): boolean {
  const scopes = partnerKeyScopesOf(operation);
  return scopes !== null && scopes.every(isScope);
}

/**
 * The partner-facing routes of one service's OpenAPI document: every operation secured by the
 * `partner_key` scheme (what `@RequireScope` declares). Operations without it (hosted pages,
 * health) are not reachable through the gateway.
 */
export function routesOfDocument(
  service: DownstreamServiceName,
  document: OpenApiDocument,
): ExtractedRoutes {
  const routes: GatewayRoute[] = [];
  const rejected: string[] = [];
  for (const [pathTemplate, item] of Object.entries(document.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item[method] as OpenApiOperation | undefined;
      if (!operation) continue;
      const scopes = partnerKeyScopesOf(operation);
      if (scopes === null) continue;
      if (!scopes.every(isScope)) {
        rejected.push(
          `${method.toUpperCase()} ${pathTemplate}: unknown scope in [${scopes.join(', ')}]`,
        );
        continue;
      }
      routes.push({
        service,
        method: method.toUpperCase(),
        pathTemplate,
        scopes: scopes as Scope[],
      });
    }
  }
  return { routes, rejected };
}
