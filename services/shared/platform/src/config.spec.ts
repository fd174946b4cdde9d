import { describe, expect, it } from 'vitest';
import { loadConfig, serviceConfigSchema } from './config';

describe('loadConfig', () => {
  it('gives every variable a working local default', () => {
    const c = loadConfig(serviceConfigSchema('catalogue', 4102), {});
    expect(c).toMatchObject({
      SERVICE_NAME: 'catalogue',
      MONGO_DB: 'popote_catalogue',
      HTTP_PORT: 4102,
      NATS_URL: 'nats://127.0.0.1:14222',
    });
  });
  it('refuses a bad value and says which one', () => {
    expect(() => loadConfig(serviceConfigSchema('catalogue', 4102), { HTTP_PORT: 'eighty' })).toThrow(/HTTP_PORT/);
  });
});
