import type { DynamicModule, INestApplication, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import type { NextFunction, Request, Response } from 'express';
import { ProblemDetailsFilter } from './problem/problem-details.filter';
import { ProblemException } from './problem/problem.exception';
import { createValidationPipe } from './validation/validation.pipe';
import { loadEnv } from './config/validate-env';
import { StablePrototypeExpressAdapter } from './stable-prototype-express.adapter';
import type { ServiceEnv } from './config/service-env';

export const OPENAPI_PATH = 'openapi.json';
/** Largest JSON body a service accepts: a 5120 KB document as base64 plus its fields. */
export const JSON_BODY_LIMIT = '8mb';
const JSON_MEDIA_TYPES = ['application/json', 'application/*+json'];

export interface OpenApiInfo {
  title: string;
  description: string;
}

/**
 * A service's app with the shared HTTP conventions, serving its OpenAPI document. Express's default
 * URL-encoded parser is not installed: bodies are JSON, or multipart on upload routes.
 */
export async function createServiceApp(
  module: Type<unknown> | DynamicModule,
  openApi: OpenApiInfo,
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(
    module,
    new StablePrototypeExpressAdapter(),
    { bufferLogs: true, bodyParser: false },
  );
  configureServiceApp(app);
  serveOpenApi(app, openApi);
  return app;
}

/** Applies the shared HTTP conventions to an app created with `bufferLogs: true, bodyParser: false`. */
export function configureServiceApp(app: NestExpressApplication): void {
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(refuseUnreadableBodies);
  app.useBodyParser('json', { limit: JSON_BODY_LIMIT, type: JSON_MEDIA_TYPES });
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new ProblemDetailsFilter());
  app.enableShutdownHooks();
}

/**
 * A service reads JSON bodies, and multipart/form-data on its upload routes (parsed there by
 * multer); any other body is refused with a 415 rather than ignored.
 */
function refuseUnreadableBodies(req: Request, _res: Response, next: NextFunction): void {
  const length = req.headers['content-length'];
  const hasBody =
    req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
  if (hasBody && !req.is([...JSON_MEDIA_TYPES, 'multipart/form-data'])) {
    next(
      new ProblemException({
        status: 415,
        code: 'unsupported_media_type',
        title: 'Unsupported media type',
        detail: 'Send the request body as application/json (or multipart/form-data to upload).',
      }),
    );
    return;
  }
  next();
}

/** Serves the service's own OpenAPI document; the gateway merges these into the public one. */
export function serveOpenApi(app: INestApplication, info: OpenApiInfo): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle(info.title)
    .setDescription(info.description)
    .setVersion('1.0')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'Partner key' }, 'partner_key')
    .build();
  const document = SwaggerModule.createDocument(app, config);
  app
    .getHttpAdapter()
    .get(`/${OPENAPI_PATH}`, (_req: unknown, res: { json(body: unknown): void }) =>
      res.json(document),
    );
  return document;
}

/**
 * Entry point of every service process: validated configuration, then the app. A bad
 * configuration or an unreachable dependency ends the process with a readable message.
 */
export async function runService<TEnv extends ServiceEnv>(
  envClass: new () => TEnv,
  createApp: (env: TEnv) => Promise<INestApplication>,
): Promise<void> {
  let env: TEnv;
  try {
    env = loadEnv(envClass);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  try {
    const app = await createApp(env);
    await app.listen(env.PORT);
  } catch (error) {
    console.error(describeStartupFailure(error as Error, env));
    process.exit(1);
  }
}

function describeStartupFailure(error: Error & { code?: string }, env: ServiceEnv): string {
  const refused = error.code === 'ECONNREFUSED' || /ECONNREFUSED/.test(error.message);
  if (refused && error.message.includes(String(env.DATABASE_PORT))) {
    return `PostgreSQL is not reachable at ${env.DATABASE_HOST}:${env.DATABASE_PORT}. Start it (README, "Local services") and try again.`;
  }
  if (refused) {
    return `A dependency refused the connection (${error.message}). Check that PostgreSQL, RabbitMQ and Redis are running (README, "Local services").`;
  }
  return `Start-up failed: ${error.stack ?? error.message}`;
}
