import { headers as natsHeaders } from '@nats-io/transport-node';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, NestFactory } from '@nestjs/core';
import { NatsContext, Server, type CustomTransportStrategy } from '@nestjs/microservices';
import { actorSchema, defineRpc, type RpcRequest } from '@popote/contracts';
import { lastValueFrom } from 'rxjs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ACTOR_HEADER,
  ActorAssertionInterceptor,
  ActorSigner,
  ActorVerifier,
  DEV_ACTOR_SIGNING_KEY,
  DEV_ACTOR_VERIFY_KEY,
  RpcErrorFilter,
  RpcHandler,
  RpcTracingInterceptor,
} from '..';

const AddItem = defineRpc(
  'rpc.test.add-item',
  z.object({ actor: actorSchema, meal_id: z.string().min(1), quantity: z.number().int().min(1).default(1) }),
  z.object({ ok: z.boolean() }),
);
const Ping = defineRpc('rpc.test.ping', z.object({ text: z.string().max(3) }), z.object({ echo: z.string() }));

/** What the handlers were given, in order. */
const received: unknown[] = [];

@Controller()
class TestController {
  @RpcHandler(AddItem)
  add(req: RpcRequest<typeof AddItem>) {
    received.push(req);
    return { ok: true };
  }

  /** A handler may declare only the fields it reads. */
  @RpcHandler(Ping)
  async ping(req: { text: string }) {
    received.push(req);
    return { echo: req.text };
  }
}

@Module({
  controllers: [TestController],
  // As PlatformModule sets them up for every service.
  providers: [
    { provide: APP_INTERCEPTOR, useClass: RpcTracingInterceptor },
    { provide: ActorVerifier, useValue: new ActorVerifier(DEV_ACTOR_VERIFY_KEY) },
    { provide: APP_INTERCEPTOR, useClass: ActorAssertionInterceptor },
    { provide: APP_FILTER, useClass: RpcErrorFilter },
  ],
})
class TestModule {}

/** Nest's server contract with no network: the test hands messages to the handlers Nest registered. */
class InProcessServer extends Server implements CustomTransportStrategy {
  listen(callback: () => void) {
    callback();
  }
  close() {}
  on() {}
  unwrap<T>(): T {
    throw new Error('no transport');
  }

  /** The handler's reply, or its error payload as the caller would get it. */
  async send(subject: string, data: unknown, assertion?: string): Promise<{ reply?: unknown; error?: unknown }> {
    const handler = this.getHandlerByPattern(subject);
    if (!handler) throw new Error(`no handler for ${subject}`);
    const headers = natsHeaders();
    if (assertion) headers.set(ACTOR_HEADER, assertion);
    try {
      return { reply: await lastValueFrom(this.transformToObservable(await handler(data, new NatsContext([subject, headers])))) };
    } catch (error) {
      return { error };
    }
  }
}

describe('RpcHandler', () => {
  const server = new InProcessServer();
  const actor = { user_id: 'u1', user_type: 'consumer' as const };
  let app: INestMicroservice;
  let assertion: string;

  beforeAll(async () => {
    app = await NestFactory.createMicroservice(TestModule, { strategy: server, logger: false });
    await app.listen();
    assertion = await new ActorSigner(DEV_ACTOR_SIGNING_KEY).sign(actor);
  });
  afterAll(() => app?.close());
  beforeEach(() => {
    received.length = 0;
  });

  it("answers its contract's subject, and only that", () => {
    expect([...server.getHandlers().keys()].sort()).toEqual(['rpc.test.add-item', 'rpc.test.ping']);
  });

  it('hands the handler the request as the contract parses it (defaults applied, unknown fields dropped)', async () => {
    const out = await server.send(AddItem.subject, { actor, meal_id: 'm1', role: 'admin' }, assertion);
    expect(out).toEqual({ reply: { ok: true } });
    expect(received).toEqual([{ actor, meal_id: 'm1', quantity: 1 }]);

    expect(await server.send(Ping.subject, { text: 'abc' })).toEqual({ reply: { echo: 'abc' } });
    expect(received[1]).toEqual({ text: 'abc' });
  });

  it('refuses a request its contract refuses, in French, before the handler runs', async () => {
    const out = await server.send(AddItem.subject, { actor, meal_id: '', quantity: 0 }, assertion);
    expect(out.error).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Données invalides' });
    const fields = (out.error as { fields: Record<string, string> }).fields;
    expect(Object.keys(fields).sort()).toEqual(['meal_id', 'quantity']);
    // The contracts' French (french-errors.ts), the one source of zod's messages.
    expect(fields.meal_id).toBe('Ce champ est obligatoire');
    expect(fields.quantity).toBe('La valeur doit être supérieure ou égale à 1');

    const wrongType = await server.send(Ping.subject, { text: 42 });
    expect(wrongType.error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { text: 'Veuillez saisir un texte' } });
    expect(await server.send(Ping.subject, null)).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    expect(received).toEqual([]);
  });

  it("checks the actor's assertion on the request as sent, before parsing it", async () => {
    // Invalid as well as unsigned: the missing assertion is what is answered, as before the decorator.
    const unsigned = await server.send(AddItem.subject, { actor, meal_id: '' });
    expect(unsigned.error).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Votre session a expiré, veuillez vous reconnecter' });
    const someoneElse = await server.send(AddItem.subject, { actor: { ...actor, user_id: 'u2' }, meal_id: 'm1' }, assertion);
    expect(someoneElse.error).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(received).toEqual([]);
  });
});
