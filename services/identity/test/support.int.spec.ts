import { IdentityRpc, SUPPORT_MESSAGES, SupportRpc } from '@popote/contracts';
import { OutboxRelay, type RpcClient } from '@popote/platform';
import { expectDomainError, resetJetStream, serviceEnv, serviceUnderTest, type ServiceUnderTest } from '@popote/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule } from '../src/app.module';
import { identityConfig } from '../src/config';
import { IdentityStore } from '../src/store';

const client = { ip: '10.0.0.41' };
let seq = 0;
const account = (user_type: 'consumer' | 'cook') => {
  seq++;
  const tag = `${seq}${Date.now() % 1_000_000}`;
  return {
    email: `Support.${tag}@Popote.test`,
    password: 'secret1',
    name: 'Jeanne Dupont',
    username: `jeanne${tag}`,
    location: 'Lyon',
    user_type,
    client,
  };
};

/** The support console finds a person by the address they signed up with, typed in any case; nobody for an erased account. */
describe('identity: the support console finds a person by email', () => {
  let under: ServiceUnderTest;
  let rpc: RpcClient;

  beforeAll(async () => {
    await resetJetStream();
    const config = identityConfig(serviceEnv('identity', __filename));
    ({ rpc } = under = await serviceUnderTest('identity', AppModule.forRoot(config), config.NATS_URL));
  });

  afterAll(async () => {
    await under?.close();
  });

  it('finds a buyer and a cook by their address, whatever its case, with their role', async () => {
    for (const role of ['consumer', 'cook'] as const) {
      const input = account(role);
      const { user } = await rpc.call(IdentityRpc.signUp, input);
      const found = await rpc.call(SupportRpc.findUser, { email: ` ${input.email.toUpperCase()} ` });
      expect(found).toEqual({ user: { user_id: user.user_id, username: input.username, email: input.email.toLowerCase(), role } });
    }
  });

  it('nobody for an unknown address or an erased account; an address of no possible shape is refused in French', async () => {
    expect(await rpc.call(SupportRpc.findUser, { email: `nobody-${Date.now()}@popote.test` })).toEqual({ user: null });

    const input = account('consumer');
    const { user } = await rpc.call(IdentityRpc.signUp, input);
    // Erased as the account service leaves it (its own test covers the erasure): the address no longer names it.
    const store = under.app.get(IdentityStore, { strict: false });
    const relay = under.app.get(OutboxRelay, { strict: false });
    await relay.change(store.users, user.user_id, () => store.users.updateOne({ _id: user.user_id }, { $set: { erased_at: new Date() } }));
    expect(await rpc.call(SupportRpc.findUser, { email: input.email })).toEqual({ user: null });

    const err = await expectDomainError(rpc.call(SupportRpc.findUser, { email: 'pas-un-email' }));
    expect(err).toMatchObject({ code: 'VALIDATION_FAILED', fields: { email: SUPPORT_MESSAGES.emailInvalid } });
  });
});
