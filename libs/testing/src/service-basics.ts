import type { INestApplication } from '@nestjs/common';
import request from 'supertest';

/** What every service serves before it has any domain routes: readiness, metrics, problem+json 404s. */
export function itServesTheServiceBasics(app: () => INestApplication): void {
  it('is ready when its database answers', async () => {
    const response = await request(app().getHttpServer()).get('/health/ready').expect(200);
    expect(response.body.info.database.status).toBe('up');
  });

  it('serves Prometheus metrics', async () => {
    const response = await request(app().getHttpServer()).get('/metrics').expect(200);
    expect(response.text).toContain('process_cpu_seconds_total');
  });

  it('answers unknown paths with problem+json', async () => {
    const response = await request(app().getHttpServer()).get('/nope').expect(404);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.body).toMatchObject({ status: 404, code: 'not_found' });
  });
}
