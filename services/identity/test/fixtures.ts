import type { INestApplication } from '@nestjs/common';
import { getModelToken } from '@nestjs/mongoose';
import type { TraderDetailsDto } from '@popote/contracts';
import { DistributedLocks, OutboxRelay } from '@popote/platform';
import type { Model } from 'mongoose';
import { IdentityStore } from '../src/store';
import type { Trader } from '../src/traders/trader.schema';
import { toPublicSeller } from '../src/traders/traders.mapper';
import { User } from '../src/users/user.schema';

/**
 * Tests that are not about email verification but pay or publish with a fresh account confirm its
 * address in identity's database, as opening the emailed link would. A test fixture
 * only: no product path skips the link. Tests of verification itself use the link
 * (bff/test/account-lifecycle.int.spec.ts). Each write holds the document's lease, as identity's own
 * writes do: on FerretDB an unleased write can be undone by the relay clearing the sign-up's outbox.
 */
export async function markEmailVerified(identity: INestApplication, email?: string): Promise<void> {
  const users = identity.get<Model<User>>(getModelToken(User.name), { strict: false });
  const relay = identity.get(OutboxRelay, { strict: false });
  const targets = await users.find(email ? { email } : { email_verified_at: null }, { _id: 1 }).lean<{ _id: string }[]>();
  for (const { _id } of targets) {
    await relay.change(users, _id, () => users.updateOne({ _id }, { $set: { email_verified_at: new Date() } }));
  }
}

/**
 * Tests that are not about the trader verification but put dishes on sale with a fresh cook make the
 * cook a verified seller in identity's database, as an operator's verification would (plausible
 * details, a SIRET whose check digit is right, no documents). A test fixture only: no product path
 * skips the operator. Tests of the verification itself go through it (traders.int.spec.ts). By
 * account address, or every cook not verified yet. Each write holds the lease identity's own writes
 * hold: the file's (`traders:<id>`), then the cook profile's.
 */
export async function markSellerVerified(identity: INestApplication, email?: string): Promise<void> {
  const store = identity.get(IdentityStore, { strict: false });
  const locks = identity.get(DistributedLocks, { strict: false });
  const relay = identity.get(OutboxRelay, { strict: false });
  const cooks = await store.users
    .find(email ? { email, user_type: 'cook' } : { user_type: 'cook', erased_at: null }, { name: 1, email: 1 })
    .lean<Pick<User, '_id' | 'name' | 'email'>[]>();
  for (const cook of cooks) {
    if ((await store.traders.findById(cook._id, { status: 1 }).lean<Pick<Trader, 'status'>>())?.status === 'verified') continue;
    const details: TraderDetailsDto = {
      legal_name: cook.name,
      siret: '73282932000074',
      address: { street: '1 rue de la République', postcode: '69001', city: 'Lyon' },
      phone: '0472000000',
      email: cook.email,
      ddpp_receipt_key: null,
      hygiene_certificate_key: null,
      self_certified: true,
    };
    const now = new Date();
    await locks.run(`traders:${cook._id}`, () =>
      store.traders.updateOne(
        { _id: cook._id },
        { $set: { status: 'verified', revision: 1, details, submitted_at: now, decided_at: now, verified_at: now } },
        { upsert: true },
      ),
    );
    await relay.change(store.cookProfiles, cook._id, () =>
      store.cookProfiles.updateOne(
        { _id: cook._id },
        { $set: { verified_seller: true, seller: toPublicSeller(details) } },
        { upsert: true },
      ),
    );
  }
}
