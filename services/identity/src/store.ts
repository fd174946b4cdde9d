import { ModelStore } from '@popote/platform';
import {
  AccountToken,
  AccountTokenSchema,
  ConsumedToken,
  ConsumedTokenSchema,
  CookProfile,
  CookProfileSchema,
  LoginAttempt,
  LoginAttemptSchema,
  SavedDeliveryAddress,
  SavedDeliveryAddressSchema,
  Session,
  SessionSchema,
  User,
  UserSchema,
} from './users/user.schema';
import { Trader, TraderSchema } from './traders/trader.schema';

/** Identity's collections (registered by UsersModule), injected as one store where several are used. */
export class IdentityStore extends ModelStore({
  users: [User, UserSchema],
  cookProfiles: [CookProfile, CookProfileSchema],
  sessions: [Session, SessionSchema],
  loginAttempts: [LoginAttempt, LoginAttemptSchema],
  accountTokens: [AccountToken, AccountTokenSchema],
  consumedTokens: [ConsumedToken, ConsumedTokenSchema],
  traders: [Trader, TraderSchema],
  deliveryAddresses: [SavedDeliveryAddress, SavedDeliveryAddressSchema],
}) {}
