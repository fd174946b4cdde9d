import {
  cacheExchange,
  type Cache,
  type CacheExchangeOpts,
  type Data,
  type KeyingConfig,
  type Resolver,
  type UpdateResolver,
  type Variables,
} from '@urql/exchange-graphcache';
import { cacheUpdateUpdater, LOCAL_UPDATE_FIELD } from './local';

/**
 * How Graphcache identifies each object type of the schema (`bff/schema.graphql`; a unit test
 * checks every object type is listed). A keyed type is normalised: every answer carrying it
 * updates the one cached copy (a status change lands on the order in every list). A type keyed
 * `null` has no identity of its own and stays inside the field that returned it (a page of
 * meals, statistics, `Query.me`, the checkout's lines...).
 */
const embedded = () => null;
/** Keyed by its id field (`meal_id`...); an answer without it stays inside its field. */
const byId =
  (field: string) =>
  (data: Data): string | null =>
    (data[field] as string | undefined) ?? null;

export const keys: KeyingConfig = {
  Meal: byId('meal_id'),
  Cook: byId('cook_id'),
  User: byId('user_id'),
  CookProfile: byId('cook_id'),
  // One cart per signed-in person: a singleton. Every cart mutation returns the whole cart,
  // which therefore replaces it everywhere at once (nav count, cards, /cart). Signing out
  // forgets every cached answer (`resetStore`), so a cart never outlives its owner on the page.
  Cart: () => 'mine',
  CartItem: byId('cart_item_id'),
  Checkout: byId('checkout_id'),
  // Status changes (mutations, live updates) land on the one cached Order of that id.
  Order: byId('order_id'),
  OrderItem: byId('order_item_id'),
  Review: byId('review_id'),
  // A cook's follower count: 'Suivre' answers it, and every button and count of that cook follows.
  CookFollow: byId('cook_id'),
  // The signed-in person's alert settings: one, replaced by each change (forgotten with the rest on sign-out).
  AlertSettings: () => 'mine',
  // A cook's advertisement: starting and stopping it answer it, its row in the table follows (ADR 0020).
  Campaign: byId('campaign_id'),
  CampaignOverview: embedded,
  CampaignsCsv: embedded,
  // A cook's promotion (ADR 0045): creating, pausing and stopping it answer it, its row follows; a
  // checkout's discount (and a code's preview) has no identity of its own.
  Promotion: byId('promotion_id'),
  CheckoutDiscount: embedded,
  // The platform's first-order offer (one, replaced by each change).
  PlatformOffer: () => 'platform-first-order',
  // The sponsored card is drawn per request: it stays inside its `sponsoredMeal` field (its meal is normalised).
  SponsoredMeal: embedded,
  AlertPreferences: embedded,
  AlertChannels: embedded,
  OrderAlertChannels: embedded,
  FollowedCook: embedded,
  // `Query.me`, the one source of truth of who is signed in; its user and cook profile are normalised.
  Me: embedded,
  // A page has no identity of its own: it stays inside its `meals(...)` field.
  MealPage: embedded,
  // Statistics have no identity: each answer replaces the previous one.
  CookStats: embedded,
  BestSeller: embedded,
  CheckoutLine: embedded,
  Commune: embedded,
  CookLocation: embedded,
  DataExport: embedded,
  DayEarnings: embedded,
  EmailVerification: embedded,
  HeldSlot: embedded,
  LedgerCsv: embedded,
  LedgerEntry: embedded,
  OrderUpdate: embedded,
  PaymentIntent: embedded,
  Payout: embedded,
  PayoutAccount: embedded,
  PayoutConnectLink: embedded,
  PayoutOverview: embedded,
  PickupAddress: embedded,
  PickupSettings: embedded,
  DeliverySettings: embedded,
  DeliveryOffer: embedded,
  DeliveryAddress: embedded,
  PickupSlot: embedded,
  PickupSlotList: embedded,
  PickupWindow: embedded,
  Receipt: embedded,
  ReceiptLine: embedded,
  ReceiptPdf: embedded,
  ReceiptPlace: embedded,
  RefundMade: embedded,
  // The operators' console (ADR 0041): the signed-in operator, and the audit log's lines (never changed).
  Operator: byId('operator_id'),
  AuditEntry: byId('entry_id'),
  AuditPage: embedded,
  OperatorSignIn: embedded,
  OperatorEnrolment: embedded,
  // Support (ADR 0043: the console's 'Commandes', 'Versements échoués'): an order and its refund (one
  // per order) by the order's id, a failed payout by its own; a search, a story and its steps, a line,
  // a resend's answer have none.
  SupportOrder: byId('order_id'),
  SupportRefund: byId('order_id'),
  SupportOrderLine: embedded,
  SupportOrderSearch: embedded,
  SupportOrderStory: embedded,
  SupportStoryEntry: embedded,
  SupportResentEmail: embedded,
  FailedPayout: byId('payout_id'),
  // Dead letters ('Lettres mortes'): read again each time, never identified.
  DeadLetter: embedded,
  DeadLetterReplay: embedded,
  ServiceDeadLetters: embedded,
  // Notice and action (ADR 0042). A decision as the person affected sees it ('Décisions de
  // modération'): 'Former un recours' answers it, and its card shows the appeal at once.
  ModerationDecision: byId('decision_id'),
  // The same decision as operators see it (another type, its own entry): deciding a report or an
  // appeal answers it, and the console's lists follow. A report keeps its id.
  OperatorDecision: byId('decision_id'),
  Report: byId('report_id'),
  // Parts of the above (an appeal, the item as reported), pages, and answers without an identity.
  Appeal: embedded,
  ReportedItem: embedded,
  ReportReceipt: embedded,
  ReportPage: embedded,
  ReportDetail: embedded,
  ReporterHistory: embedded,
  // The yearly transparency report (DSA Art. 15 and 24): figures, recomputed at each request.
  TransparencyReport: embedded,
  CountByKey: embedded,
  // A cook's trader details (traders' traceability): one file per cook, replaced by each save and decision;
  // a queue's item and page, a decision's answer and the public seller block have no identity of their own.
  TraderFile: byId('cook_id'),
  TraderDetails: embedded,
  TraderAddress: embedded,
  TraderDocument: embedded,
  TraderVerification: embedded,
  TraderVerificationPage: embedded,
  TraderDecisionResult: embedded,
  Seller: embedded,
};

type Args = Variables;

const sameExceptAfter = (a: Args, b: Args): boolean => {
  const { after: _a, ...restA } = a;
  const { after: _b, ...restB } = b;
  return JSON.stringify(sorted(restA)) === JSON.stringify(sorted(restB));
};

function sorted(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(sorted);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) out[key] = sorted((value as Record<string, unknown>)[key]);
  return out;
}

/**
 * `meals(first, after, filter)` read without `after` (what the page asks for): its first page
 * followed by every later page already fetched for the same filter (`loadMore` fetches the page
 * after `next_cursor`), chained by cursor into one growing list; `next_cursor` is the last page's.
 * A page read with `after` is that page alone.
 */
export const mealsPagination: Resolver = (parent, args, cache, info) => {
  const fieldArgs = args as Args;
  const first = cache.resolve('Query', info.fieldName, fieldArgs) as string | null | undefined;
  if (fieldArgs['after'] != null || typeof first !== 'string') return first;
  const items: unknown[] = [...((cache.resolve(first, 'items') as unknown[] | null) ?? [])];
  let last = first;
  const seen = new Set<string>([first]);
  for (;;) {
    const cursor = cache.resolve(last, 'next_cursor') as string | null | undefined;
    if (!cursor) break;
    // Reading the next page's field, present or not, also makes this list follow its arrival.
    const next = cache.resolve('Query', info.fieldName, { ...fieldArgs, after: cursor }) as string | null | undefined;
    if (typeof next !== 'string' || seen.has(next)) break;
    seen.add(next);
    items.push(...((cache.resolve(next, 'items') as unknown[] | null) ?? []));
    last = next;
  }
  if (last === first) return first;
  return { __typename: 'MealPage', items, next_cursor: cache.resolve(last, 'next_cursor') ?? null } as Data;
};

/** A first page fetched again (a refresh, a retry) starts the list over: the later pages are dropped. */
export const mealsRestart: UpdateResolver = (_result, args, cache) => {
  if ((args as Args)['after'] != null) return;
  for (const field of cache.inspectFields('Query')) {
    if (field.fieldName !== 'meals' || !field.arguments || field.arguments['after'] == null) continue;
    if (sameExceptAfter(field.arguments, args as Args)) cache.invalidate('Query', field.fieldName, field.arguments);
  }
};

/** Forgets every answer under `Query` (sign-out, account deletion): the pages showing one ask again. */
export function forgetEverything(cache: Cache): void {
  for (const field of cache.inspectFields('Query')) cache.invalidate('Query', field.fieldName, field.arguments ?? undefined);
}

export const cacheOptions: CacheExchangeOpts = {
  keys,
  resolvers: { Query: { meals: mealsPagination } },
  updates: {
    Query: { meals: mealsRestart },
    Mutation: { [LOCAL_UPDATE_FIELD]: cacheUpdateUpdater },
  },
};

/** The normalised cache shared by the shell and every remote (one client per page). */
export function createCacheExchange() {
  return cacheExchange(cacheOptions);
}
