import type { INestApplication } from '@nestjs/common';
import { getModelToken } from '@nestjs/mongoose';
import { OutboxRelay } from '@popote/platform';
import type { Model } from 'mongoose';
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
