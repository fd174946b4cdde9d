import { Controller } from '@nestjs/common';
import { IdentityRpc, type RpcRequest } from '@popote/contracts';
import { RpcHandler } from '@popote/platform';
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

  @RpcHandler(IdentityRpc.popularCooks)
  async popularCooks(req: RpcRequest<typeof IdentityRpc.popularCooks>) {
    return { items: await this.users.popularCooks(req.limit) };
  }

  @RpcHandler(IdentityRpc.getCook)
  async getCook(req: RpcRequest<typeof IdentityRpc.getCook>) {
    return { cook: await this.users.cook(req.cook_id) };
  }

  @RpcHandler(IdentityRpc.signUp)
  signUp({ client: _client, ...input }: RpcRequest<typeof IdentityRpc.signUp>) {
    return this.auth.signUp(input);
  }

  @RpcHandler(IdentityRpc.signIn)
  signIn(req: RpcRequest<typeof IdentityRpc.signIn>) {
    return this.auth.signIn(req.email, req.password, req.client.ip);
  }

  @RpcHandler(IdentityRpc.refresh)
  refresh(req: RpcRequest<typeof IdentityRpc.refresh>) {
    return this.auth.refresh(req.refresh_token);
  }

  @RpcHandler(IdentityRpc.signOut)
  async signOut(req: RpcRequest<typeof IdentityRpc.signOut>) {
    await this.auth.signOut(req.refresh_token);
    return { ok: true };
  }

  @RpcHandler(IdentityRpc.getMe)
  me(req: RpcRequest<typeof IdentityRpc.getMe>) {
    return this.users.me(req.actor);
  }

  @RpcHandler(IdentityRpc.deliveryAddress)
  async deliveryAddress(req: RpcRequest<typeof IdentityRpc.deliveryAddress>) {
    return { address: await this.users.deliveryAddressOf(req.actor) };
  }

  @RpcHandler(IdentityRpc.rememberDeliveryAddress)
  async rememberDeliveryAddress(req: RpcRequest<typeof IdentityRpc.rememberDeliveryAddress>) {
    await this.users.rememberDeliveryAddress(req.actor, req.address);
    return { ok: true };
  }

  @RpcHandler(IdentityRpc.getUsers)
  async getUsers(req: RpcRequest<typeof IdentityRpc.getUsers>) {
    return { users: await this.users.many(req.user_ids) };
  }

  @RpcHandler(IdentityRpc.updateProfile)
  updateProfile(req: RpcRequest<typeof IdentityRpc.updateProfile>) {
    return this.users.updateProfile(req.actor, req.profile);
  }

  @RpcHandler(IdentityRpc.changePassword)
  async changePassword(req: RpcRequest<typeof IdentityRpc.changePassword>) {
    await this.auth.changePassword(req.actor, req.input, req.session_id);
    return { ok: true };
  }

  @RpcHandler(IdentityRpc.cookLegal)
  cookLegal(req: RpcRequest<typeof IdentityRpc.cookLegal>) {
    return this.users.cookLegal(req.cook_id);
  }

  @RpcHandler(IdentityRpc.updateCookProfile)
  updateCookProfile(req: RpcRequest<typeof IdentityRpc.updateCookProfile>) {
    return this.users.updateCookProfile(req.actor, req.profile);
  }

  @RpcHandler(IdentityRpc.switchRole)
  switchRole(req: RpcRequest<typeof IdentityRpc.switchRole>) {
    return this.auth.switchRole(req.actor, req.to);
  }

  @RpcHandler(IdentityRpc.resendVerification)
  async resendVerification(req: RpcRequest<typeof IdentityRpc.resendVerification>) {
    await this.account.resendVerification(req.actor);
    return { ok: true };
  }

  @RpcHandler(IdentityRpc.verifyEmail)
  verifyEmail(req: RpcRequest<typeof IdentityRpc.verifyEmail>) {
    return this.account.verifyEmail(req.token);
  }

  @RpcHandler(IdentityRpc.requestPasswordReset)
  requestPasswordReset(req: RpcRequest<typeof IdentityRpc.requestPasswordReset>) {
    this.account.requestPasswordReset(req.email);
    return { ok: true };
  }

  @RpcHandler(IdentityRpc.resetPassword)
  async resetPassword(req: RpcRequest<typeof IdentityRpc.resetPassword>) {
    await this.account.resetPassword(req);
    return { ok: true };
  }

  @RpcHandler(IdentityRpc.requestEmailChange)
  async requestEmailChange(req: RpcRequest<typeof IdentityRpc.requestEmailChange>) {
    await this.account.requestEmailChange(req.actor, req.input);
    return { ok: true };
  }

  @RpcHandler(IdentityRpc.deleteAccount)
  async deleteAccount(req: RpcRequest<typeof IdentityRpc.deleteAccount>) {
    await this.account.deleteAccount(req.actor, req.password);
    return { ok: true };
  }
}
