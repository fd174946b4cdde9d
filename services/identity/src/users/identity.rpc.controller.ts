import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { exportPersonalDataRpc, IdentityRpc } from '@popote/contracts';
import { parseRequest } from '@popote/platform';
import { AccountService } from '../account/account.service';
import { AuthService } from '../auth/auth.service';
import { UsersService } from './users.service';

/** Thin: validate against the contract, call the rules. */
@Controller()
export class IdentityRpcController {
  constructor(
    private readonly auth: AuthService,
    private readonly users: UsersService,
    private readonly account: AccountService,
  ) {}

  @MessagePattern(IdentityRpc.popularCooks.subject)
  async popularCooks(@Payload() payload: unknown) {
    return { items: await this.users.popularCooks(parseRequest(IdentityRpc.popularCooks, payload).limit) };
  }

  @MessagePattern(IdentityRpc.getCook.subject)
  async getCook(@Payload() payload: unknown) {
    return { cook: await this.users.cook(parseRequest(IdentityRpc.getCook, payload).cook_id) };
  }

  @MessagePattern(IdentityRpc.signUp.subject)
  signUp(@Payload() payload: unknown) {
    const { client: _client, ...input } = parseRequest(IdentityRpc.signUp, payload);
    return this.auth.signUp(input);
  }

  @MessagePattern(IdentityRpc.signIn.subject)
  signIn(@Payload() payload: unknown) {
    const req = parseRequest(IdentityRpc.signIn, payload);
    return this.auth.signIn(req.email, req.password, req.client.ip);
  }

  @MessagePattern(IdentityRpc.refresh.subject)
  refresh(@Payload() payload: unknown) {
    return this.auth.refresh(parseRequest(IdentityRpc.refresh, payload).refresh_token);
  }

  @MessagePattern(IdentityRpc.signOut.subject)
  async signOut(@Payload() payload: unknown) {
    await this.auth.signOut(parseRequest(IdentityRpc.signOut, payload).refresh_token);
    return { ok: true };
  }

  @MessagePattern(IdentityRpc.getMe.subject)
  me(@Payload() payload: unknown) {
    return this.users.me(parseRequest(IdentityRpc.getMe, payload).actor);
  }

  @MessagePattern(IdentityRpc.getUsers.subject)
  async getUsers(@Payload() payload: unknown) {
    return { users: await this.users.many(parseRequest(IdentityRpc.getUsers, payload).user_ids) };
  }

  @MessagePattern(IdentityRpc.updateProfile.subject)
  updateProfile(@Payload() payload: unknown) {
    const req = parseRequest(IdentityRpc.updateProfile, payload);
    return this.users.updateProfile(req.actor, req.profile);
  }

  @MessagePattern(IdentityRpc.changePassword.subject)
  async changePassword(@Payload() payload: unknown) {
    const req = parseRequest(IdentityRpc.changePassword, payload);
    await this.auth.changePassword(req.actor, req.input, req.session_id);
    return { ok: true };
  }

  @MessagePattern(IdentityRpc.cookLegal.subject)
  cookLegal(@Payload() payload: unknown) {
    return this.users.cookLegal(parseRequest(IdentityRpc.cookLegal, payload).cook_id);
  }

  @MessagePattern(IdentityRpc.updateCookProfile.subject)
  updateCookProfile(@Payload() payload: unknown) {
    const req = parseRequest(IdentityRpc.updateCookProfile, payload);
    return this.users.updateCookProfile(req.actor, req.profile);
  }

  @MessagePattern(IdentityRpc.switchRole.subject)
  switchRole(@Payload() payload: unknown) {
    const req = parseRequest(IdentityRpc.switchRole, payload);
    return this.auth.switchRole(req.actor, req.to);
  }

  @MessagePattern(IdentityRpc.resendVerification.subject)
  async resendVerification(@Payload() payload: unknown) {
    await this.account.resendVerification(parseRequest(IdentityRpc.resendVerification, payload).actor);
    return { ok: true };
  }

  @MessagePattern(IdentityRpc.verifyEmail.subject)
  verifyEmail(@Payload() payload: unknown) {
    return this.account.verifyEmail(parseRequest(IdentityRpc.verifyEmail, payload).token);
  }

  @MessagePattern(IdentityRpc.requestPasswordReset.subject)
  requestPasswordReset(@Payload() payload: unknown) {
    this.account.requestPasswordReset(parseRequest(IdentityRpc.requestPasswordReset, payload).email);
    return { ok: true };
  }

  @MessagePattern(IdentityRpc.resetPassword.subject)
  async resetPassword(@Payload() payload: unknown) {
    await this.account.resetPassword(parseRequest(IdentityRpc.resetPassword, payload));
    return { ok: true };
  }

  @MessagePattern(IdentityRpc.requestEmailChange.subject)
  async requestEmailChange(@Payload() payload: unknown) {
    const req = parseRequest(IdentityRpc.requestEmailChange, payload);
    await this.account.requestEmailChange(req.actor, req.input);
    return { ok: true };
  }

  @MessagePattern(IdentityRpc.deleteAccount.subject)
  async deleteAccount(@Payload() payload: unknown) {
    const req = parseRequest(IdentityRpc.deleteAccount, payload);
    await this.account.deleteAccount(req.actor, req.password);
    return { ok: true };
  }

  @MessagePattern(exportPersonalDataRpc('identity').subject)
  exportPersonalData(@Payload() payload: unknown) {
    return this.account.exportData(parseRequest(exportPersonalDataRpc('identity'), payload).actor);
  }
}
