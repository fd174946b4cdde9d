import { ServerNats } from '@nestjs/microservices';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RpcNatsServer } from './nats-server';

const SUBJECTS = [
  // Plain subjects, as the services use them: routed without JSON.parse.
  'catalogue.meals.list',
  'rpc.identity.sign-in',
  'evt.ordering.order-placed',
  'notifications.x',
  'nullable.subject',
  'trueish',
  // What JSON.parse reads (object, array, string, number, literals): Nest's own way.
  '{"cmd":"sum","b":1,"a":"x"}',
  '["a",1]',
  '"quoted"',
  '42',
  '-1',
  '-0',
  '1e3',
  'true',
  'null',
  // JSON's whitespace around a value (never in a NATS subject, routed as Nest does all the same).
  ' {"a":1}',
  '\t42',
  '\ntrue',
  'true ',
  'false\r\n',
  // Looks like JSON, is not: Nest keeps the subject.
  '{not json',
];

/** Nest's own server, its (protected) route lookup opened for the comparison. */
class NestServer extends ServerNats {
  override getRouteFromPattern(pattern: string): string {
    return super.getRouteFromPattern(pattern);
  }
}

describe('RpcNatsServer', () => {
  const ours = new RpcNatsServer({ servers: 'nats://127.0.0.1:1', queue: 'test' });
  const nest = new NestServer({ servers: 'nats://127.0.0.1:1', queue: 'test' });
  afterEach(() => vi.restoreAllMocks());

  it('gives every subject the route Nest gives it', () => {
    for (const subject of SUBJECTS) expect(ours.getRouteFromPattern(subject), subject).toBe(nest.getRouteFromPattern(subject));
  });

  it('does not try a plain subject as JSON (no SyntaxError thrown and caught per message)', () => {
    const parse = vi.spyOn(JSON, 'parse');
    ours.getRouteFromPattern('catalogue.meals.list');
    ours.getRouteFromPattern('notifications.x');
    expect(parse).not.toHaveBeenCalled();
    ours.getRouteFromPattern('{"cmd":"sum"}');
    expect(parse).toHaveBeenCalledTimes(1);
  });
});
