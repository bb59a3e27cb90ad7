import { Scope } from '@pc/contracts';
import { mergeOpenApiDocuments } from './merged-openapi';
import { routesOfDocument, type OpenApiDocument } from './openapi-routes';
import { missingScope, RouteTable } from './route-table';

const document: OpenApiDocument = {
  paths: {
    '/api/v1/drafts': {
      get: { operationId: 'list', security: [{ partner_key: [Scope.OnboardingRead] }] },
      post: { operationId: 'create', security: [{ partner_key: [Scope.OnboardingWrite] }] },
    },
    '/api/v1/drafts/{ref}': { get: { security: [{ partner_key: [Scope.OnboardingRead] }] } },
    '/api/v1/drafts/search': { get: { security: [{ partner_key: [Scope.AccountRead] }] } },
    '/api/v1/drafts/{ref}/documents/{id}': {
      delete: { security: [{ partner_key: [Scope.OnboardingWrite] }] },
    },
    '/hosted/{token}': { get: { operationId: 'hostedPage' } },
    '/api/v1/odd': { get: { security: [{ partner_key: ['admin:everything'] }] } },
  },
  components: { schemas: { Draft: { type: 'object' } } },
  tags: [{ name: 'drafts' }],
};

describe('route table', () => {
  const { routes, rejected } = routesOfDocument('onboarding', document);
  const table = new RouteTable(routes);

  it('names the first scope a key lacks for a route, none when it holds them all', () => {
    const create = table.match('POST', '/api/v1/drafts')!;
    expect(missingScope(create, [Scope.OnboardingRead])).toBe(Scope.OnboardingWrite);
    expect(missingScope(create, [Scope.OnboardingRead, Scope.OnboardingWrite])).toBeUndefined();
  });

  it('routes only operations secured by partner_key, with their scopes', () => {
    expect(routes.map((route) => `${route.method} ${route.pathTemplate}`).sort()).toEqual([
      'DELETE /api/v1/drafts/{ref}/documents/{id}',
      'GET /api/v1/drafts',
      'GET /api/v1/drafts/search',
      'GET /api/v1/drafts/{ref}',
      'POST /api/v1/drafts',
    ]);
    expect(rejected).toEqual(['GET /api/v1/odd: unknown scope in [admin:everything]']);
  });

  it('matches literal and templated paths, the literal template first', () => {
    expect(table.match('GET', '/api/v1/drafts')?.scopes).toEqual([Scope.OnboardingRead]);
    expect(table.match('POST', '/api/v1/drafts')?.scopes).toEqual([Scope.OnboardingWrite]);
    expect(table.match('GET', '/api/v1/drafts/search')?.scopes).toEqual([Scope.AccountRead]);
    expect(table.match('GET', '/api/v1/drafts/dr_1')?.pathTemplate).toBe('/api/v1/drafts/{ref}');
    expect(table.match('GET', '/api/v1/drafts/dr_1/')?.pathTemplate).toBe('/api/v1/drafts/{ref}');
    expect(table.match('HEAD', '/api/v1/drafts/dr_1')?.method).toBe('GET');
    expect(table.match('DELETE', '/api/v1/drafts/a/documents/b')?.service).toBe('onboarding');
  });

  it('does not match unknown paths, methods, unsafe segments or public pages', () => {
    expect(table.match('PUT', '/api/v1/drafts')).toBeUndefined();
    expect(table.match('GET', '/api/v1/nope')).toBeUndefined();
    expect(table.match('GET', '/api/v1/drafts/a/b')).toBeUndefined();
    expect(table.match('GET', '/api/v1/drafts/..')).toBeUndefined();
    expect(table.match('GET', '/api/v1/drafts/%2E%2e')).toBeUndefined();
    expect(table.match('DELETE', '/api/v1/drafts//documents/b')).toBeUndefined();
    expect(table.match('GET', '/hosted/abc')).toBeUndefined();
  });

  it('merges documents into one public document with the partner_key scheme', () => {
    const other: OpenApiDocument = {
      paths: { '/api/v1/payouts': { post: { security: [{ partner_key: [Scope.PayoutsWrite] }] } } },
      components: { schemas: { Draft: { type: 'string' }, Payout: { type: 'object' } } },
      tags: [{ name: 'payouts' }, { name: 'drafts' }],
    };
    const merged = mergeOpenApiDocuments(
      [
        { service: 'onboarding', document },
        { service: 'payouts', document: other },
      ],
      'https://api.example.test',
    );
    expect(Object.keys(merged.document.paths ?? {})).toEqual([
      '/api/v1/drafts',
      '/api/v1/drafts/search',
      '/api/v1/drafts/{ref}',
      '/api/v1/drafts/{ref}/documents/{id}',
      '/api/v1/payouts',
    ]);
    expect(merged.document.servers).toEqual([{ url: 'https://api.example.test' }]);
    expect(merged.document.components?.schemas).toEqual({
      Draft: { type: 'object' },
      Payout: { type: 'object' },
    });
    expect(merged.document.components?.securitySchemes).toHaveProperty(
      'partner_key.scheme',
      'bearer',
    );
    expect(merged.conflicts).toEqual(['schemas.Draft']);
    expect(merged.document.tags).toEqual([{ name: 'drafts' }, { name: 'payouts' }]);
  });
});
