import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { Gauge, register } from 'prom-client';
import { request } from 'undici';
import type { DownstreamService, DownstreamServiceName } from './downstream-services';
import { mergeOpenApiDocuments } from './merged-openapi';
import { routesOfDocument, type OpenApiDocument } from './openapi-routes';
import { RouteTable, type GatewayRoute } from './route-table';

export interface RouteTableOptions {
  services: DownstreamService[];
  refreshIntervalMs: number;
  publicBaseUrl: string;
  /** First retry delay while a service has never answered; doubles up to maxRetryDelayMs. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
}

export const ROUTE_TABLE_OPTIONS = Symbol('ROUTE_TABLE_OPTIONS');
const FETCH_TIMEOUT_MS = 5000;

function loadedServicesGauge(): Gauge {
  const name = 'gateway_route_table_services_loaded';
  return (
    (register.getSingleMetric(name) as Gauge | undefined) ??
    new Gauge({
      name,
      help: 'Services whose OpenAPI document the gateway has loaded its routes from.',
    })
  );
}

/**
 * The gateway's route table, built from each service's `/openapi.json`: loaded in the background
 * at start-up (retried until every service has answered once), then refreshed periodically. A
 * service that fails a refresh keeps its last known routes.
 */
@Injectable()
export class RouteTableService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RouteTableService.name);
  private readonly documents = new Map<DownstreamServiceName, OpenApiDocument>();
  private readonly baseUrls: ReadonlyMap<DownstreamServiceName, string>;
  private readonly gauge = loadedServicesGauge();
  private table = new RouteTable([]);
  private merged: OpenApiDocument = mergeOpenApiDocuments([], '').document;
  private timer: NodeJS.Timeout | null = null;
  private retryDelayMs: number;
  private stopped = false;

  constructor(private readonly options: RouteTableOptions) {
    this.baseUrls = new Map(options.services.map((service) => [service.name, service.baseUrl]));
    this.retryDelayMs = options.retryDelayMs ?? 250;
    this.merged = mergeOpenApiDocuments([], options.publicBaseUrl).document;
  }

  onApplicationBootstrap(): void {
    void this.refreshAndSchedule();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  /** Ready once every routed service's document has been loaded at least once. */
  isReady(): boolean {
    return this.documents.size === this.options.services.length;
  }

  match(method: string, path: string): GatewayRoute | undefined {
    return this.table.match(method, path);
  }

  baseUrlOf(service: DownstreamServiceName): string {
    const url = this.baseUrls.get(service);
    if (!url) throw new Error(`service ${service} is not routed`);
    return url;
  }

  routes(): readonly GatewayRoute[] {
    return this.table.routes;
  }

  openApiDocument(): OpenApiDocument {
    return this.merged;
  }

  /** Fetches every service's document now and rebuilds the table from what is known. */
  async refresh(): Promise<void> {
    await Promise.all(this.options.services.map((service) => this.load(service)));
    this.rebuild();
  }

  private async refreshAndSchedule(): Promise<void> {
    await this.refresh();
    if (this.stopped) return;
    let delay = this.options.refreshIntervalMs;
    if (!this.isReady()) {
      delay = this.retryDelayMs;
      this.retryDelayMs = Math.min(this.retryDelayMs * 2, this.options.maxRetryDelayMs ?? 5000);
    }
    this.timer = setTimeout(() => void this.refreshAndSchedule(), delay);
    this.timer.unref();
  }

  private async load(service: DownstreamService): Promise<void> {
    try {
      const response = await request(`${service.baseUrl}/openapi.json`, {
        headersTimeout: FETCH_TIMEOUT_MS,
        bodyTimeout: FETCH_TIMEOUT_MS,
      });
      if (response.statusCode !== 200) {
        await response.body.dump();
        throw new Error(`status ${response.statusCode}`);
      }
      this.documents.set(service.name, (await response.body.json()) as OpenApiDocument);
    } catch (error) {
      const known = this.documents.has(service.name)
        ? 'keeping its last known routes'
        : 'will retry';
      this.logger.warn(
        `OpenAPI document of ${service.name} not loaded (${(error as Error).message}); ${known}`,
      );
    }
  }

  private rebuild(): void {
    const loaded = this.options.services
      .filter((service) => this.documents.has(service.name))
      .map((service) => ({ service: service.name, document: this.documents.get(service.name)! }));
    const routes: GatewayRoute[] = [];
    const seen = new Map<string, DownstreamServiceName>();
    for (const { service, document } of loaded) {
      const extracted = routesOfDocument(service, document);
      for (const rejected of extracted.rejected)
        this.logger.error(`${service}: not routed, ${rejected}`);
      for (const route of extracted.routes) {
        const key = `${route.method} ${route.pathTemplate}`;
        const owner = seen.get(key);
        if (owner) {
          this.logger.error(`${key} is declared by ${owner} and ${service}; routed to ${owner}`);
          continue;
        }
        seen.set(key, service);
        routes.push(route);
      }
    }
    this.table = new RouteTable(routes);
    const merged = mergeOpenApiDocuments(loaded, this.options.publicBaseUrl);
    for (const conflict of merged.conflicts)
      this.logger.warn(`OpenAPI component ${conflict} differs between services`);
    this.merged = merged.document;
    this.gauge.set(loaded.length);
  }
}
