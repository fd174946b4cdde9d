import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';

/**
 * Tests that are not about email verification but pay or publish with a fresh account confirm its
 * address in identity's database, as opening the emailed link would (issue 18). A test fixture
 * only: no product path skips the link. Tests of verification itself use the link (account.int.spec).
 */
export async function markEmailVerified(identity: INestApplication, email?: string): Promise<void> {
  const users = identity.get<Connection>(getConnectionToken()).collection('users');
  await users.updateMany(email ? { email } : { email_verified_at: null }, { $set: { email_verified_at: new Date() } });
}
