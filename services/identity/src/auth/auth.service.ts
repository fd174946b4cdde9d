import { Injectable } from '@nestjs/common';
import {
  DomainError,
  IDENTITY_MESSAGES,
  type Actor,
  type SessionTokens,
  type UserDto,
  changePasswordInput,
  signUpInput,
} from '@popote/contracts';
import { type TokenProfile } from '@popote/platform';
import type { z } from 'zod';
import { toUserDto } from '../users/user.mapper';
import type { User } from '../users/user.schema';
import { UsersService } from '../users/users.service';
import { AccountService } from '../account/account.service';
import { LoginThrottleService } from './login-throttle.service';
import { decoyHash, hashPassword, verifyPassword } from './passwords';
import { SessionsService } from './sessions.service';

const actorOf = (u: User): Actor => ({ user_id: u._id, user_type: u.user_type });
/** What the access token carries of the user, as just read (platform `TokenProfile`). */
const profileOf = (u: User): TokenProfile => ({ name: u.name, email_verified: u.email_verified_at != null });

@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    private readonly throttle: LoginThrottleService,
    private readonly account: AccountService,
  ) {}

  async signUp(input: z.infer<typeof signUpInput>): Promise<{ user: UserDto; tokens: SessionTokens }> {
    const user = await this.users.create(input);
    this.account.sendVerificationInBackground(user);
    return { user: toUserDto(user), tokens: await this.sessions.open(actorOf(user), profileOf(user)) };
  }

  async signIn(email: string, password: string, ip: string): Promise<{ user: UserDto; tokens: SessionTokens }> {
    await this.throttle.assertAllowed(email, ip);
    const user = email ? await this.users.findByEmailWithHash(email) : null;
    // Same work whether or not the email exists, so timing does not reveal accounts.
    const ok = await verifyPassword(user?.password_hash ?? (await decoyHash()), password);
    if (!user || !ok) {
      await this.throttle.recordFailure(email, ip);
      throw new DomainError('INVALID_CREDENTIALS', IDENTITY_MESSAGES.invalidCredentials);
    }
    await this.throttle.recordSuccess(email);
    return { user: toUserDto(user), tokens: await this.sessions.open(actorOf(user), profileOf(user)) };
  }

  async refresh(refreshToken: string): Promise<{ user: UserDto; tokens: SessionTokens }> {
    const { user_id, family_id } = await this.sessions.consume(refreshToken);
    const user = await this.users.get(user_id);
    return { user: toUserDto(user), tokens: await this.sessions.open(actorOf(user), profileOf(user), family_id) };
  }

  signOut(refreshToken: string): Promise<void> {
    return this.sessions.revokeByToken(refreshToken);
  }

  /**
   * Needs the current password (a stolen session alone cannot take the account over). Every other
   * session of the user is closed: whoever had the old password is signed out everywhere.
   */
  async changePassword(actor: Actor, input: z.infer<typeof changePasswordInput>, keepSession?: string | null): Promise<void> {
    const user = await this.users.findWithHash(actor.user_id);
    if (!user) throw new DomainError('UNAUTHENTICATED', IDENTITY_MESSAGES.sessionExpired);
    if (!(await verifyPassword(user.password_hash, input.current_password))) {
      throw new DomainError('VALIDATION_FAILED', IDENTITY_MESSAGES.currentPasswordWrong, {
        current_password: IDENTITY_MESSAGES.currentPasswordWrong,
      });
    }
    await this.users.setPasswordHash(user._id, await hashPassword(input.new_password));
    await this.sessions.revokeAllOf(user._id, keepSession);
  }

  /** New role, new tokens: the role travels in the access token. */
  async switchRole(actor: Actor, to: 'consumer' | 'cook', familyId?: string) {
    const user = await this.users.switchRole(actor, to);
    const me = await this.users.me(actorOf(user));
    return { user: me.user, cook_profile: me.cook_profile, tokens: await this.sessions.open(actorOf(user), profileOf(user), familyId) };
  }
}
