import { PARTNER_KEY_SCHEME } from '@pc/auth';
import type { DownstreamServiceName } from './downstream-services';
import {
  HTTP_METHODS,
  isRoutable,
  type OpenApiDocument,
  type OpenApiOperation,
} from './openapi-routes';

export interface MergedOpenApi {
  document: OpenApiDocument;
  /** Component names two services define differently; the first service's definition is kept. */
  conflicts: string[];
}

/**
 * The public API document: every partner-facing operation of every service, their components
 * merged, the `partner_key` bearer scheme and the gateway as the only server.
 */
export function mergeOpenApiDocuments(
  documents: { service: DownstreamServiceName; document: OpenApiDocument }[],
  publicBaseUrl: string,
): MergedOpenApi {
  const paths: Record<string, Record<string, unknown>> = {};
  const components: Record<string, Record<string, unknown>> = {};
  const tags = new Map<string, { name: string }>();
  const conflicts: string[] = [];
  for (const { document } of documents) {
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const method of HTTP_METHODS) {
        const operation = item[method] as OpenApiOperation | undefined;
        if (!operation || !isRoutable(operation)) continue;
        paths[path] = { ...paths[path], [method]: operation };
      }
    }
    for (const [kind, entries] of Object.entries(document.components ?? {})) {
      if (kind === 'securitySchemes') continue;
      const merged = (components[kind] ??= {});
      for (const [name, definition] of Object.entries(entries)) {
        if (!(name in merged)) merged[name] = definition;
        else if (JSON.stringify(merged[name]) !== JSON.stringify(definition))
          conflicts.push(`${kind}.${name}`);
      }
    }
    for (const tag of document.tags ?? []) if (!tags.has(tag.name)) tags.set(tag.name, tag);
  }
  components.securitySchemes = {
    [PARTNER_KEY_SCHEME]: {
      type: 'http',
      scheme: 'bearer',
      description:
        'Partner key, e.g. `Authorization: Bearer pk_test_…`. Each operation lists the scope it needs.',
    },
  };
  const document: OpenApiDocument = {
    openapi: '3.0.0',
    info: {
      title: 'Partner Connect API',
      version: '1.0',
      description:
        'The partner API of Partner Connect. Authenticate with a partner key; errors are application/problem+json ' +
        '(RFC 9457); every response carries X-Request-Id; rate limits are announced in RateLimit-* headers.',
    },
    servers: [{ url: publicBaseUrl }],
    tags: [...tags.values()],
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => (a < b ? -1 : 1))),
    components,
  };
  return { document, conflicts };
}
