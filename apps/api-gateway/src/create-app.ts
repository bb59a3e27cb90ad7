import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { ProblemDetailsFilter, StablePrototypeExpressAdapter } from '@pc/http';
import { AppModule } from './app.module';
import type { ApiGatewayEnv } from './config/api-gateway.env';
import { PartnerApiHandler } from './proxy/partner-api.handler';
import { RouteTableService } from './routing/route-table.service';

export const MERGED_OPENAPI_PATH = 'api/v1/openapi.json';

/**
 * The gateway app. Unlike the services it parses no request body (bodies stream to the services
 * untouched), so it applies the shared conventions itself instead of `configureServiceApp`, which
 * installs a JSON body parser. The partner API itself is served by PartnerApiHandler.
 */
export async function createApiGatewayApp(env: ApiGatewayEnv): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.register(env),
    new StablePrototypeExpressAdapter(),
    { bufferLogs: true, bodyParser: false },
  );
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('trust proxy', 'loopback');
  app.useGlobalFilters(new ProblemDetailsFilter());
  app.enableShutdownHooks();
  const routes = app.get(RouteTableService);
  const mergedDocument = () => routes.openApiDocument() as unknown as OpenAPIObject;
  // The document changes when services' documents are refreshed: served fresh on every request.
  SwaggerModule.setup('docs', app, mergedDocument, {
    jsonDocumentUrl: MERGED_OPENAPI_PATH,
    raw: ['json'],
    customSiteTitle: 'Partner Connect API',
    patchDocumentOnRequest: () => mergedDocument(),
  });
  // After the docs (whose JSON lives under /api/v1/), before everything Nest registers at init.
  app.use(app.get(PartnerApiHandler).middleware);
  return app;
}
