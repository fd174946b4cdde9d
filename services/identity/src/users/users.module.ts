import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AuthService } from '../auth/auth.service';
import { LoginThrottleService } from '../auth/login-throttle.service';
import { SessionsService } from '../auth/sessions.service';
import { IdentityRpcController } from './identity.rpc.controller';
import { AccountTokensService } from '../account/account-tokens.service';
import { AccountService } from '../account/account.service';
import { UsersService } from './users.service';
import { ModerationDecidedHandler, ReviewRemovedHandler } from '../events/moderation.handlers';
import { ReviewSubmittedHandler } from '../events/review-submitted.handler';
import { IdentityStore } from '../store';

@Module({
  imports: [MongooseModule.forFeature(IdentityStore.definitions)],
  controllers: [IdentityRpcController],
  providers: [
    IdentityStore,
    UsersService,
    AuthService,
    SessionsService,
    LoginThrottleService,
    ReviewSubmittedHandler,
    ReviewRemovedHandler,
    ModerationDecidedHandler,
    AccountTokensService,
    AccountService,
  ],
  exports: [IdentityStore, UsersService, AccountService, SessionsService, LoginThrottleService, MongooseModule],
})
export class UsersModule {}
