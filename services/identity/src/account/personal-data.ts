import { Injectable } from '@nestjs/common';
import { DomainError, IDENTITY_MESSAGES, type Envelope, type PersonalDataExport } from '@popote/contracts';
import type { ErasureRequested, PersonalDataProvider } from '@popote/platform';
import { SessionsService } from '../auth/sessions.service';
import { toCookProfileDto, toUserDto } from '../users/user.mapper';
import { CookProfile, SavedDeliveryAddress, User } from '../users/user.schema';
import { AccountService } from './account.service';
import { IdentityStore } from '../store';
import { ModerationService } from '../moderation/moderation.service';
import { TradersService } from '../traders/traders.service';

/** Identity's part of the account lifecycle: the profile, cook profile and sessions; what the erasure leaves. */
@Injectable()
export class IdentityPersonalData implements PersonalDataProvider {
  constructor(
    private readonly store: IdentityStore,
    private readonly sessions: SessionsService,
    private readonly account: AccountService,
    private readonly traders: TradersService,
    private readonly moderation: ModerationService,
  ) {}

  /** What identity holds about the person (their part of the export); an erased account has none. */
  async export(userId: string): Promise<PersonalDataExport> {
    const user = await this.store.users.findById(userId).lean<User>();
    if (!user || user.erased_at) throw new DomainError('UNAUTHENTICATED', IDENTITY_MESSAGES.sessionExpired);
    const profile = await this.store.cookProfiles.findById(user._id).lean<CookProfile>();
    const sessions = await this.sessions.listOf(user._id);
    return {
      sections: {
        profile: toUserDto(user),
        // The delivery address remembered for the next checkout (ADR 0044).
        'delivery-address': (await this.store.deliveryAddresses.findById(user._id).lean<SavedDeliveryAddress>())?.address ?? null,
        'cook-profile': profile ? toCookProfileDto(profile) : null,
        sessions,
        // A cook's trader details and where their verification stands (the documents by name: the
        // cook downloads them from the dashboard's 'Vendeur' tab).
        'trader-details': await this.traders.exportOf(user._id),
        // Notice and action (ADR 0042): the reports the person made, the decisions about their content.
        ...(await this.moderation.exportOf(user._id)),
      },
      media_keys: [],
    };
  }

  /**
   * Identity's own erasure is done with the announcement (the tombstone is the same write,
   * AccountService.deleteAccount); this makes sure the rest (cook profile, counters, links,
   * sessions) goes even if the process stopped right after that write. A second time finds nothing left.
   */
  async erase(userId: string, envelope: Envelope<ErasureRequested>): Promise<void> {
    await this.account.eraseLeftovers(userId, envelope.data.email);
    await this.store.deliveryAddresses.deleteOne({ _id: userId });
    // A cook's trader details are not erased with the account: the law requires them kept six months
    // after the trading relationship ends (EU Digital Services Act, article 30(3)), then deleted.
    await this.traders.endRelationship(userId, new Date(envelope.data.requested_at));
    // Reports and decisions are kept (evidence, appeals, transparency), without the address to reach the person.
    await this.moderation.eraseContactsOf(envelope.data.email);
  }
}
