import type { Scope } from '@pc/contracts';
import type { DownstreamServiceName } from './downstream-services';

/** One partner-facing operation: who serves it and which scopes a key needs to call it. */
export interface GatewayRoute {
  service: DownstreamServiceName;
  method: string;
  /** The OpenAPI path template, e.g. `/api/v1/verifications/{id}`; also the metrics label. */
  pathTemplate: string;
  scopes: Scope[];
}

/** The first scope the route needs that the key lacks; undefined when the key may call it. */
export function missingScope(route: GatewayRoute, granted: readonly Scope[]): Scope | undefined {
  return route.scopes.find((scope) => !granted.includes(scope));
}

interface TemplateRoute {
  /** A literal segment, or null for a `{parameter}`. */
  segments: (string | null)[];
  literalCount: number;
  route: GatewayRoute;
}

/**
 * Matches request paths against the services' path templates. Literal paths are a map lookup;
 * templated ones are compared segment by segment, the most literal template first, so
 * `/drafts/search` wins over `/drafts/{ref}`.
 */
export class RouteTable {
  private readonly literal = new Map<string, GatewayRoute>();
  private readonly templated = new Map<string, TemplateRoute[]>();
  readonly routes: readonly GatewayRoute[];

  constructor(routes: GatewayRoute[]) {
    this.routes = routes;
    for (const route of routes) {
      const segments = route.pathTemplate
        .split('/')
        .slice(1)
        .map((segment) => (/^\{[^}]+\}$/.test(segment) ? null : segment));
      const literalCount = segments.filter((segment) => segment !== null).length;
      if (literalCount === segments.length) {
        this.literal.set(`${route.method} ${route.pathTemplate}`, route);
        continue;
      }
      const list = this.templated.get(route.method) ?? [];
      list.push({ segments, literalCount, route });
      this.templated.set(route.method, list);
    }
    for (const list of this.templated.values())
      list.sort((a, b) => b.literalCount - a.literalCount);
  }

  get size(): number {
    return this.routes.length;
  }

  /** The route for a method and a raw request path (no query string); undefined when none. */
  match(method: string, rawPath: string): GatewayRoute | undefined {
    const lookupMethod = method === 'HEAD' ? 'GET' : method;
    const path = rawPath.length > 1 && rawPath.endsWith('/') ? rawPath.slice(0, -1) : rawPath;
    const literal = this.literal.get(`${lookupMethod} ${path}`);
    if (literal) return literal;
    const candidates = this.templated.get(lookupMethod);
    if (!candidates) return undefined;
    const segments = path.split('/').slice(1);
    if (segments.some(isUnsafeSegment)) return undefined;
    return candidates.find((candidate) => matches(candidate.segments, segments))?.route;
  }
}

function matches(template: (string | null)[], segments: string[]): boolean {
  if (template.length !== segments.length) return false;
  return template.every((literal, index) => literal === null || literal === segments[index]);
}

/** Empty and dot segments would let a path mean something else to the service than to us. */
function isUnsafeSegment(segment: string): boolean {
  return segment === '' || segment === '.' || segment === '..' || /^(%2e|\.){1,2}$/i.test(segment);
}
