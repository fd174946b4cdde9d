import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IdentityRpc } from '@popote/contracts';
import { parseRequest } from '@popote/platform';
import { AuthService } from '../auth/auth.service';
import { UsersService } from './users.service';

/** Thin: validate against the contract, call the rules. */
@Controller()
export class IdentityRpcController {
  constructor(
    private readonly auth: AuthService,
    private readonly users: UsersService,
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
}
