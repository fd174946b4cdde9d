import { Injectable } from '@nestjs/common';
import type { SupportUserDto } from '@popote/contracts';
import type { User } from '../users/user.schema';
import { IdentityStore } from '../store';

/** A user as the console shows a match (their role: buyer or cook). */
export const toSupportUser = (u: Pick<User, '_id' | 'username' | 'email' | 'user_type'>): SupportUserDto => ({
  user_id: u._id,
  username: u.username,
  email: u.email,
  role: u.user_type,
});

/** The operator console's look-up of a person: by the address they signed up with (stored lower-cased, unique). */
@Injectable()
export class SupportService {
  constructor(private readonly store: IdentityStore) {}

  /**
   * One equality on the unique `email` index. An erased account is a tombstone with another address
   * (`…@erased.invalid`): never found by the address it had.
   */
  async findUser(email: string): Promise<SupportUserDto | null> {
    const user = await this.store.users
      .findOne({ email, erased_at: null }, { username: 1, email: 1, user_type: 1 })
      .lean<Pick<User, '_id' | 'username' | 'email' | 'user_type'>>();
    return user ? toSupportUser(user) : null;
  }
}
