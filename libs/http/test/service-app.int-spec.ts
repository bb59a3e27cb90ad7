import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Express } from 'express';
import request from 'supertest';
import { createGreetingsApp } from './fixtures/greetings-service';

describe('a service app (createServiceApp)', () => {
  let app: NestExpressApplication;

  beforeAll(async () => {
    app = await createGreetingsApp('silent');
    await app.init();
  });

  afterAll(() => app.close());

  it('hands Express requests and responses that already have its prototypes (no setPrototypeOf)', async () => {
    const express = app.getHttpAdapter().getInstance() as Express;
    const seen: boolean[] = [];
    const server = app.getHttpServer() as Server;
    const recordPrototypes = (req: IncomingMessage, res: ServerResponse) =>
      seen.push(
        Object.getPrototypeOf(req) === express.request &&
          Object.getPrototypeOf(res) === express.response,
      );
    server.prependListener('request', recordPrototypes);
    try {
      const response = await request(server).post('/greetings').send({ name: 'Ada' });
      expect(response.status).toBe(201);
    } finally {
      server.removeListener('request', recordPrototypes);
    }
    expect(seen).toEqual([true]);
  });

  it('parses JSON bodies and validates them', async () => {
    const ok = await request(app.getHttpServer()).post('/greetings').send({ name: 'Ada' });
    expect(ok.status).toBe(201);
    expect(ok.body).toEqual({ greeting: 'Hello, Ada' });
    const bad = await request(app.getHttpServer()).post('/greetings').send({ name: 7 });
    expect(bad.status).toBe(422);
    expect(bad.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it.each([
    ['a URL-encoded form', 'application/x-www-form-urlencoded', 'name=Ada'],
    ['plain text', 'text/plain', '{"name":"Ada"}'],
  ])('refuses %s with a 415 problem', async (_kind, type, body) => {
    const response = await request(app.getHttpServer())
      .post('/greetings')
      .set('Content-Type', type)
      .send(body);
    expect(response.status).toBe(415);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.body.code).toBe('unsupported_media_type');
  });

  it('reads application/*+json bodies, and a POST without a body reaches validation', async () => {
    const merged = await request(app.getHttpServer())
      .post('/greetings')
      .set('Content-Type', 'application/merge-patch+json')
      .send('{"name":"Ada"}');
    expect(merged.status).toBe(201);
    const empty = await request(app.getHttpServer()).post('/greetings');
    expect(empty.status).toBe(422);
  });

  it('gives every response a request id and keeps a well-formed one from the caller', async () => {
    const fresh = await request(app.getHttpServer()).post('/greetings').send({ name: 'Ada' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await request(app.getHttpServer())
      .post('/greetings')
      .set('X-Request-Id', 'req_from_gateway.1')
      .send({ name: 'Ada' });
    expect(kept.headers['x-request-id']).toBe('req_from_gateway.1');
    const replaced = await request(app.getHttpServer())
      .post('/greetings')
      .set('X-Request-Id', 'not a valid id!')
      .send({ name: 'Ada' });
    expect(replaced.headers['x-request-id']).not.toBe('not a valid id!');
  });

  it('answers an unexpected error with a 500 problem that leaks nothing', async () => {
    const response = await request(app.getHttpServer()).post('/greetings/fail').send({});
    expect(response.status).toBe(500);
    expect(response.body.code).toBe('internal_error');
    expect(JSON.stringify(response.body)).not.toContain('hunter2');
    expect(response.body.detail).toContain('X-Request-Id');
  });
});
