import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, engines } from '../testing/databases.ts';
import { createTestServices } from '../testing/services.ts';
import { buildApp } from './app.ts';

describe.each(engines)('the HTTP host on %s', (engine) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('answers /healthz with 200 while the database answers, and 503 once it does not', async () => {
    const database = await createTestDatabase(engine);
    const app = await buildApp({ database, services: createTestServices(database) });
    close = () => app.close();
    const ok = await app.inject({ method: 'GET', url: '/healthz' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'ok', database: engine });

    const down = await buildApp({
      database: { ...database, ping: () => Promise.resolve(false) },
      services: createTestServices(database),
    });
    const unavailable = await down.inject({ method: 'GET', url: '/healthz' });
    expect(unavailable.statusCode).toBe(503);
    expect(unavailable.json()).toEqual({ status: 'unavailable', database: engine });
    await down.close();
  });

  it('sends security headers on every answer', async () => {
    const database = await createTestDatabase(engine);
    const app = await buildApp({ database, services: createTestServices(database) });
    close = () => app.close();
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});
