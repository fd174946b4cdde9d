import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AuthService } from '../auth/auth.service';
import { LoginThrottleService } from '../auth/login-throttle.service';
import { SessionsService } from '../auth/sessions.service';
import { IdentityRpcController } from './identity.rpc.controller';
import {
  AccountToken,
  AccountTokenSchema,
  ConsumedToken,
  ConsumedTokenSchema,
  CookProfile,
  CookProfileSchema,
  LoginAttempt,
  LoginAttemptSchema,
  Session,
  SessionSchema,
  User,
  UserSchema,
} from './user.schema';
import { AccountTokensService } from '../account/account-tokens.service';
import { AccountService } from '../account/account.service';
import { UsersService } from './users.service';
import { ReviewSubmittedHandler } from '../events/review-submitted.handler';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: User.name, schema: UserSchema },
      { name: CookProfile.name, schema: CookProfileSchema },
      { name: Session.name, schema: SessionSchema },
      { name: LoginAttempt.name, schema: LoginAttemptSchema },
      { name: AccountToken.name, schema: AccountTokenSchema },
      { name: ConsumedToken.name, schema: ConsumedTokenSchema },
    ]),
  ],
  controllers: [IdentityRpcController],
  providers: [
    UsersService,
    AuthService,
    SessionsService,
    LoginThrottleService,
    ReviewSubmittedHandler,
    AccountTokensService,
    AccountService,
  ],
  exports: [UsersService, AccountService, SessionsService, MongooseModule],
})
export class UsersModule {}
