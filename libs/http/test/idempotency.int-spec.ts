import { Body, Controller, HttpCode, Module, Post } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IsInt, IsString } from 'class-validator';
import request from 'supertest';
import { Scope } from '@pc/contracts';
import { AuthModule, RequireScope, signPrincipal } from '@pc/auth';
import { postgresDataSourceOptions, type DatabaseConfig } from '@pc/persistence';
import { createTestDatabase, type TestDatabase } from '@pc/testing';
import {
  configureServiceApp,
  CreateIdempotencyKeys1760000000100,
  HttpPlatformModule,
  ProblemException,
} from '../src';

const secret = 'i'.repeat(32);
let invocations = 0;

class CreateThing {
  @IsString()
  name: string;

  @IsInt()
  amount: number;
}

@Controller('things')
class ThingsController {
  @Post()
  @RequireScope(Scope.OnboardingWrite)
  async create(@Body() body: CreateThing) {
    invocations += 1;
    if (body.name === 'slow') await new Promise((resolve) => setTimeout(resolve, 400));
    if (body.name === 'rejected') {
      throw ProblemException.unprocessable('thing_rejected', 'Thing rejected');
    }
    return { id: `thing-${invocations}`, name: body.name };
  }

  @Post('ping')
  @HttpCode(200)
  @RequireScope(Scope.OnboardingWrite)
  ping() {
    return { pong: true };
  }
}

const options = (db: DatabaseConfig) =>
  postgresDataSourceOptions(db, { entities: [], migrations: [CreateIdempotencyKeys1760000000100] });

function headersFor(partnerId: string) {
  return signPrincipal(
    { partnerId, channels: ['c'], scopes: [Scope.OnboardingWrite], keyId: 'k', requestId: 'r' },
    secret,
  );
}

describe('Idempotency-Key', () => {
  let database: TestDatabase;
  let app: NestExpressApplication;

  beforeAll(async () => {
    database = await createTestDatabase('idempotency', options);
    @Module({
      imports: [
        HttpPlatformModule.forRoot({ service: 'test', logLevel: 'silent', idempotency: true }),
        TypeOrmModule.forRoot(options(database.config)),
        AuthModule.forRoot({ internalSecret: secret }),
      ],
      controllers: [ThingsController],
    })
    class TestModule {}
    app = await NestFactory.create<NestExpressApplication>(TestModule, {
      bufferLogs: true,
      bodyParser: false,
    });
    configureServiceApp(app);
    await app.init();
  });

  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const post = (key: string, body: object, partner = 'p1') =>
    request(app.getHttpServer())
      .post('/things')
      .set(headersFor(partner))
      .set('Idempotency-Key', key)
      .send(body);

  it('replays the first response for the same key and body without running the handler again', async () => {
    const before = invocations;
    const first = await post('key-1', { name: 'a', amount: 1 }).expect(201);
    const second = await post('key-1', { name: 'a', amount: 1 }).expect(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(invocations - before).toBe(1);
  });

  it('answers 422 idempotency_key_reused for the same key with another body', async () => {
    await post('key-2', { name: 'a', amount: 1 }).expect(201);
    const reused = await post('key-2', { name: 'a', amount: 2 }).expect(422);
    expect(reused.headers['content-type']).toContain('application/problem+json');
    expect(reused.body.code).toBe('idempotency_key_reused');
  });

  it('answers 409 while the first request with the key is still running', async () => {
    const slow = post('key-3', { name: 'slow', amount: 1 });
    const slowDone = slow.then((response) => response);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const concurrent = await post('key-3', { name: 'slow', amount: 1 }).expect(409);
    expect(concurrent.body.code).toBe('idempotency_request_in_progress');
    expect((await slowDone).status).toBe(201);
  });

  it('scopes keys per partner', async () => {
    const mine = await post('key-4', { name: 'a', amount: 1 }, 'p1').expect(201);
    const theirs = await post('key-4', { name: 'a', amount: 1 }, 'p2').expect(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
  });

  it('replays a stored client error as problem+json', async () => {
    await post('key-5', { name: 'rejected', amount: 1 }).expect(422);
    const replay = await post('key-5', { name: 'rejected', amount: 1 }).expect(422);
    expect(replay.headers['content-type']).toContain('application/problem+json');
    expect(replay.body.code).toBe('thing_rejected');
  });

  it('rejects malformed JSON and unknown fields with problem+json', async () => {
    const malformed = await request(app.getHttpServer())
      .post('/things')
      .set(headersFor('p1'))
      .set('Content-Type', 'application/json')
      .send('{"name":')
      .expect(400);
    expect(malformed.headers['content-type']).toContain('application/problem+json');
    const unknown = await request(app.getHttpServer())
      .post('/things')
      .set(headersFor('p1'))
      .send({ name: 'a', amount: 1, admin: true })
      .expect(422);
    expect(unknown.body.errors).toEqual([
      expect.objectContaining({ field: 'admin', code: 'unknown_field' }),
    ]);
  });

  it('rejects a request without a signed principal with 401', async () => {
    const response = await request(app.getHttpServer()).post('/things/ping').send({}).expect(401);
    expect(response.body.code).toBe('invalid_principal');
  });
});
