import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import {
  chooseSlotsGql,
  eventually,
  GqlSession,
  natsCredentials,
  PICKUP_ALL_DAY,
  resetJetStream,
  serviceEnv,
  startServiceApp,
} from '@popote/testing';
import { buildSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule as CartModule } from '../../services/cart/src/app.module';
import { cartConfig } from '../../services/cart/src/config';
import { AppModule as CatalogueModule } from '../../services/catalogue/src/app.module';
import { catalogueConfig } from '../../services/catalogue/src/config';
import { AppModule as IdentityModule } from '../../services/identity/src/app.module';
import { identityConfig } from '../../services/identity/src/config';
import { AppModule as NotificationsModule } from '../../services/notifications/src/app.module';
import { notificationsConfig } from '../../services/notifications/src/config';
import { AppModule as OrderingModule } from '../../services/ordering/src/app.module';
import { orderingConfig } from '../../services/ordering/src/config';
import { AppModule as PaymentsModule } from '../../services/payments/src/app.module';
import { paymentsConfig } from '../../services/payments/src/config';
import { markEmailVerified, markSellerVerified } from '../../services/identity/test/fixtures';
import { ALERTS_ALL_ON, browserSubscription } from './push-subscription';
import { newAccount } from './support/accounts';
import { bffConfig, startBff } from './support/bff';

/**
 * Every mutation and private query of the schema × (anonymous, consumer, owning cook, other cook),
 * with the outcome each must have. The rows are checked against the printed schema: a mutation or
 * query added without a row here fails this test.
 */
type Who = 'anonymous' | 'consumer' | 'owningCook' | 'otherCook';
const WHO: Who[] = ['anonymous', 'otherCook', 'owningCook', 'consumer'];
/** 'ok', 'null' (answered, with nothing of anyone else's), or the refusal's code. */
type Outcome =
  'ok' | 'null' | 'empty' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'INVALID_CREDENTIALS' | 'VALIDATION_FAILED' | 'CONFLICT';

interface World {
  /** The owning cook's and the other cook's ids. */
  cook: string;
  otherCookId: string;
  meal: string;
  otherMeal: string;
  paidCheckout: string;
  pendingOrder: () => Promise<string>;
  deliveredOrder: string;
  freshMeal: () => Promise<string>;
}
interface Row {
  query: (
    w: World,
  ) => Promise<{ query: string; variables?: Record<string, unknown> }> | { query: string; variables?: Record<string, unknown> };
  expect: Record<Who, Outcome>;
  /** Account-level changes (password, role, sign-out): run each case on a fresh account of that role. */
  fresh?: boolean;
}

const signed = (ok: Outcome = 'ok'): Record<Who, Outcome> => ({
  anonymous: 'UNAUTHENTICATED',
  consumer: ok,
  owningCook: ok,
  otherCook: ok,
});
const cookOnly: Record<Who, Outcome> = { anonymous: 'UNAUTHENTICATED', consumer: 'FORBIDDEN', owningCook: 'ok', otherCook: 'ok' };
const everyone = (o: Outcome): Record<Who, Outcome> => ({ anonymous: o, consumer: o, owningCook: o, otherCook: o });
const MEAL_INPUT = {
  name: 'Dal de lentilles',
  description: 'Mijoté',
  price_cents: 900,
  portions_available: 50,
  ingredients: ['Riz'],
  allergens: [],
  category: 'healthy',
  preparation_time: 20,
  available_date: new Date().toISOString(),
};
const COOK_PROFILE = `{bio: "", specialties: [], availability_days: [], cooking_styles: [], experience_years: 1, certifications: [], signature_dishes: [], cuisine_types: [], awards: []}`;

const MUTATIONS: Record<string, Row> = {
  signUp: {
    query: () => ({
      query: 'mutation($i: SignUpInput!) { signUp(input: $i) { user { user_id } } }',
      variables: { i: account('consumer') },
    }),
    expect: everyone('ok'),
  },
  signIn: {
    query: () => ({ query: 'mutation { signIn(email: "nobody@popote.test", password: "x") { user { user_id } } }' }),
    expect: everyone('INVALID_CREDENTIALS'),
  },
  signOut: { query: () => ({ query: 'mutation { signOut }' }), expect: everyone('ok'), fresh: true },
  // The operators' console (ADR 0041): a buyer's or cook's session is nobody there.
  operatorSignIn: {
    query: () => ({ query: 'mutation { operatorSignIn(email: "nobody@popote.test", password: "x", code: "123456") { step } }' }),
    expect: everyone('INVALID_CREDENTIALS'),
  },
  confirmOperatorEnrolment: {
    query: () => ({ query: 'mutation { confirmOperatorEnrolment(enrolment_token: "forged", code: "123456") { recovery_codes } }' }),
    expect: everyone('UNAUTHENTICATED'),
  },
  operatorSignOut: { query: () => ({ query: 'mutation { operatorSignOut }' }), expect: everyone('ok') },
  // Notice and action (ADR 0042): anyone reports (signed out with an address); only operators decide;
  // an appeal is the person affected's own (none of these sessions has a decision).
  reportContent: {
    query: (w) => ({
      query: 'mutation($i: ReportContentInput!) { reportContent(input: $i) { report_id } }',
      variables: {
        i: {
          target_kind: 'meal',
          target_id: w.otherMeal,
          reason: 'other',
          explanation: 'Vérification de la matrice des droits.',
          contact_email: `matrice-${uid()}@popote.test`,
        },
      },
    }),
    expect: everyone('ok'),
  },
  decideReport: {
    query: () => ({
      query:
        'mutation { decideReport(report_id: "r1", action: hide_meal, statement: "Motifs suffisamment longs pour passer.") { decision_id } }',
    }),
    expect: everyone('UNAUTHENTICATED'),
  },
  decideAppeal: {
    query: () => ({
      query:
        'mutation { decideAppeal(decision_id: "d-r1", outcome: reversed, statement: "Motifs suffisamment longs pour passer.") { decision_id } }',
    }),
    expect: everyone('UNAUTHENTICATED'),
  },
  // The platform's first-order offer (ADR 0045): operators only.
  setPlatformOffer: {
    query: () => ({
      query:
        'mutation { setPlatformOffer(input: {value_cents: 500, min_basket_cents: 1500, state: "active", reason: "Lancement"}) { state } }',
    }),
    expect: everyone('UNAUTHENTICATED'),
  },
  // Support and dead letters (ADR 0043): operators only, whatever a buyer's or cook's session says.
  supportRefund: {
    query: () => ({
      query:
        'mutation { supportRefund(input: {order_id: "0123456789abcdef01234567", amount_cents: 100, reason: "Part manquante", request_id: "req-12345678"}) { order_id } }',
    }),
    expect: everyone('UNAUTHENTICATED'),
  },
  supportResendEmail: {
    query: () => ({
      query: 'mutation { supportResendEmail(email_id: "e1", request_id: "req-12345678", reason: "Pas reçu") { email_id } }',
    }),
    expect: everyone('UNAUTHENTICATED'),
  },
  replayDeadLetter: {
    query: () => ({ query: 'mutation { replayDeadLetter(service: cart, seq: 1, reason: "Motif") { outcome } }' }),
    expect: everyone('UNAUTHENTICATED'),
  },
  appealDecision: {
    query: () => ({ query: 'mutation { appealDecision(decision_id: "d-none", text: "Je conteste cette décision.") { decision_id } }' }),
    expect: { anonymous: 'UNAUTHENTICATED', consumer: 'NOT_FOUND', owningCook: 'NOT_FOUND', otherCook: 'NOT_FOUND' },
  },
  updateProfile: {
    query: () => ({
      query: `mutation { updateProfile(input: {name: "N", username: "u${uid()}", location: "Lyon", bio: ""}) { user { user_id } } }`,
    }),
    expect: signed(),
    fresh: true,
  },
  changePassword: {
    query: () => ({
      query: 'mutation { changePassword(input: {current_password: "secret1", new_password: "secret2", confirm_password: "secret2"}) }',
    }),
    expect: signed(),
    fresh: true,
  },
  updateCookProfile: {
    query: () => ({ query: `mutation { updateCookProfile(input: ${COOK_PROFILE}) { user { user_id } } }` }),
    expect: cookOnly,
  },
  switchRole: { query: () => ({ query: 'mutation { switchRole(to: cook) { user { user_type } } }' }), expect: signed(), fresh: true },
  createMeal: {
    query: () => ({ query: 'mutation($i: CreateMealInput!) { createMeal(input: $i) { meal_id } }', variables: { i: MEAL_INPUT } }),
    expect: cookOnly,
  },
  updateMeal: {
    query: (w) => ({
      query:
        'mutation($id: ID!) { updateMeal(meal_id: $id, input: {name: "Dal", description: "Mijoté", price_cents: 950, portions_available: 50}) { meal_id } }',
      variables: { id: w.meal },
    }),
    expect: { anonymous: 'UNAUTHENTICATED', consumer: 'FORBIDDEN', owningCook: 'ok', otherCook: 'FORBIDDEN' },
  },
  deleteMeal: {
    query: async (w) => ({ query: 'mutation($id: ID!) { deleteMeal(meal_id: $id) }', variables: { id: await w.freshMeal() } }),
    expect: { anonymous: 'UNAUTHENTICATED', consumer: 'FORBIDDEN', owningCook: 'ok', otherCook: 'FORBIDDEN' },
  },
  addToCart: {
    query: (w) => ({ query: 'mutation($id: ID!) { addToCart(meal_id: $id) { item_count } }', variables: { id: w.meal } }),
    // A cook never buys their own dish.
    expect: { anonymous: 'UNAUTHENTICATED', consumer: 'ok', owningCook: 'FORBIDDEN', otherCook: 'ok' },
  },
  setCartQuantity: {
    query: (w) => ({
      query: 'mutation($id: ID!) { setCartQuantity(meal_id: $id, quantity: 1) { item_count } }',
      variables: { id: w.meal },
    }),
    expect: { anonymous: 'UNAUTHENTICATED', consumer: 'ok', owningCook: 'FORBIDDEN', otherCook: 'ok' },
  },
  removeFromCart: {
    query: (w) => ({ query: 'mutation($id: ID!) { removeFromCart(meal_id: $id) { item_count } }', variables: { id: w.meal } }),
    expect: signed(),
  },
  clearCart: { query: () => ({ query: 'mutation { clearCart { item_count } }' }), expect: signed() },
  startCheckout: {
    query: () => ({ query: 'mutation { startCheckout { item_count } }' }),
    expect: signed('VALIDATION_FAILED'),
    fresh: true,
  },
  createPaymentIntent: {
    query: () => ({ query: 'mutation { createPaymentIntent { client_secret } }' }),
    expect: signed('VALIDATION_FAILED'),
    fresh: true,
  },
  confirmSandboxPayment: {
    query: (w) => ({
      query:
        'mutation($id: ID!) { confirmSandboxPayment(checkout_id: $id, card: {number: "4242424242424242", exp_month: 12, exp_year: 2034, cvc: "123"}) { status } }',
      variables: { id: w.paidCheckout },
    }),
    // Someone else's checkout does not exist for them; its own consumer meets "already paid".
    expect: { anonymous: 'UNAUTHENTICATED', consumer: 'CONFLICT', owningCook: 'NOT_FOUND', otherCook: 'NOT_FOUND' },
  },
  renewCheckout: {
    query: (w) => ({
      query: 'mutation($id: ID!) { renewCheckout(checkout_id: $id) { status } }',
      variables: { id: w.paidCheckout },
    }),
    // Someone else's checkout does not exist for them; its own consumer meets "already paid".
    expect: { anonymous: 'UNAUTHENTICATED', consumer: 'CONFLICT', owningCook: 'NOT_FOUND', otherCook: 'NOT_FOUND' },
  },
  changeCheckoutSlot: {
    query: (w) => ({
      query: 'mutation($id: ID!, $s: ChosenSlotInput!) { changeCheckoutSlot(checkout_id: $id, slot: $s) { status } }',
      variables: { id: w.paidCheckout, s: { cook_id: 'demo-cook-amina', start: '2030-01-01T10:00:00.000Z' } },
    }),
    // Someone else's checkout does not exist for them; its own consumer meets "already paid, no change".
    expect: { anonymous: 'UNAUTHENTICATED', consumer: 'VALIDATION_FAILED', owningCook: 'NOT_FOUND', otherCook: 'NOT_FOUND' },
  },
  changeOrderStatus: {
    query: async (w) => ({
      query: 'mutation($id: ID!) { changeOrderStatus(order_id: $id, to: confirmed) { order_status } }',
      variables: { id: await w.pendingOrder() },
    }),
    expect: { anonymous: 'UNAUTHENTICATED', consumer: 'FORBIDDEN', owningCook: 'ok', otherCook: 'FORBIDDEN' },
  },
  movePickupSlot: {
    query: async (w) => ({
      query: 'mutation($id: ID!) { movePickupSlot(order_id: $id, start: "2000-01-04T17:00:00.000Z") { order_id } }',
      variables: { id: await w.pendingOrder() },
    }),
    // Its cook reaches the slot check (a slot of the past is not one of theirs).
    expect: { anonymous: 'UNAUTHENTICATED', consumer: 'FORBIDDEN', owningCook: 'VALIDATION_FAILED', otherCook: 'FORBIDDEN' },
  },
  cancelOrder: {
    query: async (w) => ({
      query: 'mutation($id: ID!) { cancelOrder(order_id: $id, reason: "Rupture") { order_status } }',
      variables: { id: await w.pendingOrder() },
    }),
    expect: { anonymous: 'UNAUTHENTICATED', consumer: 'ok', owningCook: 'ok', otherCook: 'FORBIDDEN' },
  },
  submitReview: {
    query: (w) => ({
      query: 'mutation($id: ID!) { submitReview(order_id: $id, rating: 5) { rating } }',
      variables: { id: w.deliveredOrder },
    }),
    expect: { anonymous: 'UNAUTHENTICATED', consumer: 'ok', owningCook: 'NOT_FOUND', otherCook: 'NOT_FOUND' },
  },
  // the cook's own payout account and payouts (none connected here: a clear refusal).
  connectPayoutAccount: {
    query: () => ({ query: 'mutation { connectPayoutAccount { url } }' }),
    // No Origin header (not a browser): the return address cannot be built, refused before anything is created.
    expect: { anonymous: 'UNAUTHENTICATED', consumer: 'FORBIDDEN', owningCook: 'VALIDATION_FAILED', otherCook: 'VALIDATION_FAILED' },
  },
  completeSandboxOnboarding: {
    query: () => ({ query: 'mutation { completeSandboxOnboarding { status } }' }),
    expect: { anonymous: 'UNAUTHENTICATED', consumer: 'FORBIDDEN', owningCook: 'CONFLICT', otherCook: 'CONFLICT' },
  },
  requestPayout: {
    query: () => ({ query: 'mutation { requestPayout { payout_id } }' }),
    expect: { anonymous: 'UNAUTHENTICATED', consumer: 'FORBIDDEN', owningCook: 'CONFLICT', otherCook: 'CONFLICT' },
  },
  refundDeliveredOrder: {
    query: (w) => ({
      query: 'mutation($id: ID!) { refundDeliveredOrder(order_id: $id) { amount_cents } }',
      variables: { id: w.deliveredOrder },
    }),
    expect: { anonymous: 'UNAUTHENTICATED', consumer: 'FORBIDDEN', owningCook: 'ok', otherCook: 'FORBIDDEN' },
  },
  // Advertisements: a cook's own dishes, from their own balance (none here covers the largest budget).
  startCampaign: {
    query: (w) => ({
      query: 'mutation($i: StartCampaignInput!) { startCampaign(input: $i) { campaign_id } }',
      variables: { i: { meal_id: w.meal, budget_cents: 100_000, days: 1 } },
    }),
    expect: { anonymous: 'UNAUTHENTICATED', consumer: 'FORBIDDEN', owningCook: 'VALIDATION_FAILED', otherCook: 'FORBIDDEN' },
  },
  stopCampaign: {
    query: () => ({ query: 'mutation { stopCampaign(campaign_id: "00000000-0000-4000-8000-000000000000") { status } }' }),
    expect: { anonymous: 'UNAUTHENTICATED', consumer: 'FORBIDDEN', owningCook: 'NOT_FOUND', otherCook: 'NOT_FOUND' },
  },
  // Promotions (ADR 0045): on the cook's own dishes (another cook's dish is refused); starting in 2030
  // so that no checkout of this test gets a discount.
  createPromotion: {
    query: (w) => ({
      query: 'mutation($i: PromotionInput!) { createPromotion(input: $i) { promotion_id } }',
      variables: {
        i: {
          name: 'Matrice',
          code: null,
          kind: 'percent',
          value: 10,
          meal_ids: [w.meal],
          starts_at: '2030-01-01T00:00:00Z',
          ends_at: '2030-01-02T00:00:00Z',
          max_uses: 5,
        },
      },
    }),
    expect: { anonymous: 'UNAUTHENTICATED', consumer: 'FORBIDDEN', owningCook: 'ok', otherCook: 'VALIDATION_FAILED' },
  },
  setPromotionState: {
    query: () => ({
      query: 'mutation { setPromotionState(promotion_id: "00000000-0000-4000-8000-000000000000", state: "paused") { state } }',
    }),
    expect: { anonymous: 'UNAUTHENTICATED', consumer: 'FORBIDDEN', owningCook: 'NOT_FOUND', otherCook: 'NOT_FOUND' },
  },
  // Anyone's browser reports what it showed (nothing counts for a campaign that does not exist).
  recordSponsoredDisplay: {
    query: () => ({ query: 'mutation { recordSponsoredDisplay(campaign_id: "00000000-0000-4000-8000-000000000000") }' }),
    expect: everyone('ok'),
  },
  recordSponsoredClick: {
    query: () => ({ query: 'mutation { recordSponsoredClick(campaign_id: "00000000-0000-4000-8000-000000000000") }' }),
    expect: everyone('ok'),
  },
  updatePickupSettings: {
    query: () => ({
      query: 'mutation($i: PickupSettingsInput!) { updatePickupSettings(input: $i) { cook_id } }',
      variables: { i: PICKUP_ALL_DAY },
    }),
    expect: cookOnly,
    fresh: true,
  },
  sendContactMessage: {
    query: () => ({ query: 'mutation { sendContactMessage(input: {name: "A", email: "a@popote.test", subject: "S", message: "M"}) }' }),
    expect: everyone('ok'),
  },
  // Following cooks and favourite dishes (anyone signed in; a cook does not follow themself).
  followCook: {
    query: (w) => ({ query: 'mutation($c: ID!) { followCook(cook_id: $c, follow: true) { followers } }', variables: { c: w.cook } }),
    expect: { anonymous: 'UNAUTHENTICATED', consumer: 'ok', owningCook: 'FORBIDDEN', otherCook: 'ok' },
  },
  setFavourite: {
    query: async (w) => ({
      query: 'mutation($m: ID!) { setFavourite(meal_id: $m, favourite: true) { is_favourite } }',
      variables: { m: await w.freshMeal() },
    }),
    expect: signed(),
  },
  // Alerts: this device's pushes, the person's preferences.
  subscribePush: {
    query: () => ({
      query: 'mutation($s: PushSubscriptionInput!) { subscribePush(subscription: $s) }',
      variables: { s: browserSubscription() },
    }),
    expect: signed(),
  },
  unsubscribePush: {
    query: () => ({ query: 'mutation { unsubscribePush(endpoint: "https://fcm.googleapis.com/fcm/send/inconnu") }' }),
    expect: signed(),
  },
  updateAlertPreferences: {
    query: () => ({
      query: 'mutation($i: AlertPreferencesInput!) { updateAlertPreferences(input: $i) { push_devices } }',
      variables: { i: ALERTS_ALL_ON },
    }),
    expect: signed(),
  },
  // Account lifecycle. The matrix's accounts are verified: resending says so.
  resendVerificationEmail: { query: () => ({ query: 'mutation { resendVerificationEmail }' }), expect: signed('CONFLICT') },
  verifyEmail: {
    query: () => ({ query: 'mutation { verifyEmail(token: "pas-un-jeton") { email } }' }),
    expect: everyone('VALIDATION_FAILED'),
  },
  // The same answer whether or not the address has an account.
  requestPasswordReset: {
    query: () => ({ query: 'mutation { requestPasswordReset(email: "nobody@popote.test") }' }),
    expect: everyone('ok'),
  },
  resetPassword: {
    query: () => ({
      query: 'mutation { resetPassword(input: {token: "pas-un-jeton", new_password: "secret2", confirm_password: "secret2"}) }',
    }),
    expect: everyone('VALIDATION_FAILED'),
  },
  requestEmailChange: {
    query: () => ({ query: `mutation { requestEmailChange(input: {new_email: "n${uid()}@popote.test", current_password: "secret1"}) }` }),
    expect: signed(),
    fresh: true,
  },
  deleteAccount: { query: () => ({ query: 'mutation { deleteAccount(password: "secret1") }' }), expect: signed(), fresh: true },
  // Trader details (traders' traceability): a cook's own only, with documents they uploaded themselves — a
  // key under the owning cook names no stored document (owning cook) or someone else's (other cook).
  saveTraderDetails: {
    query: (w) => ({
      query: 'mutation($i: TraderDetailsInput!) { saveTraderDetails(input: $i) { status } }',
      variables: {
        i: {
          legal_name: 'Matrice',
          siret: '73282932000074',
          address: { street: '1 rue de la Matrice', postcode: '69001', city: 'Lyon' },
          phone: '06 12 34 56 78',
          email: 'matrice@popote.test',
          ddpp_receipt_key: `traders/${w.cook}/1-ddpp_receipt.pdf`,
          hygiene_certificate_key: `traders/${w.cook}/1-hygiene_certificate.pdf`,
          self_certified: true,
        },
      },
    }),
    expect: { anonymous: 'UNAUTHENTICATED', consumer: 'FORBIDDEN', owningCook: 'VALIDATION_FAILED', otherCook: 'VALIDATION_FAILED' },
  },
  // Operators only (the console's cookie): no buyer's or cook's session decides on a cook's details.
  decideTraderVerification: {
    query: (w) => ({
      query: 'mutation($c: ID!) { decideTraderVerification(cook_id: $c, revision: 1, decision: verify) { applied } }',
      variables: { c: w.cook },
    }),
    expect: everyone('UNAUTHENTICATED'),
  },
  // The data export job (ADR 0026): one's own archive only; downloads are checked in data-export.int.spec.ts.
  requestDataExport: { query: () => ({ query: 'mutation { requestDataExport { export_id status } }' }), expect: signed(), fresh: true },
};

const PRIVATE_QUERIES: Record<string, Row> = {
  // Operators only (their own cookie): no buyer's or cook's session reads the audit log.
  operatorAudit: { query: () => ({ query: '{ operatorAudit { entries { entry_id } } }' }), expect: everyone('UNAUTHENTICATED') },
  moderationQueue: { query: () => ({ query: '{ moderationQueue { next_after } }' }), expect: everyone('UNAUTHENTICATED') },
  moderationReport: {
    query: () => ({ query: '{ moderationReport(report_id: "r1") { current_text } }' }),
    expect: everyone('UNAUTHENTICATED'),
  },
  moderationAppeals: { query: () => ({ query: '{ moderationAppeals { decision_id } }' }), expect: everyone('UNAUTHENTICATED') },
  // The decisions about one's own content only.
  myModerationDecisions: { query: () => ({ query: '{ myModerationDecisions { decision_id } }' }), expect: signed('empty') },
  // One's own trader details (the cooks of the matrix are verified sellers, a fixture).
  myTraderDetails: { query: () => ({ query: '{ myTraderDetails { status } }' }), expect: cookOnly },
  // Operators only: the queue and any cook's file.
  traderVerifications: { query: () => ({ query: '{ traderVerifications { next_cursor } }' }), expect: everyone('UNAUTHENTICATED') },
  platformOffer: { query: () => ({ query: '{ platformOffer { state } }' }), expect: everyone('UNAUTHENTICATED') },
  supportOrders: { query: () => ({ query: '{ supportOrders(query: "01234567") { truncated } }' }), expect: everyone('UNAUTHENTICATED') },
  supportOrder: {
    query: () => ({ query: '{ supportOrder(order_id: "0123456789abcdef01234567") { missing } }' }),
    expect: everyone('UNAUTHENTICATED'),
  },
  failedPayouts: { query: () => ({ query: '{ failedPayouts { payout_id } }' }), expect: everyone('UNAUTHENTICATED') },
  deadLetters: { query: () => ({ query: '{ deadLetters { service available } }' }), expect: everyone('UNAUTHENTICATED') },
  traderFile: {
    query: (w) => ({ query: 'query($c: ID!) { traderFile(cook_id: $c) { status } }', variables: { c: w.cook } }),
    expect: everyone('UNAUTHENTICATED'),
  },
  // Nobody in the matrix's shared sessions asked for an archive: their own is none, never someone else's.
  dataExport: { query: () => ({ query: '{ dataExport { export_id } }' }), expect: signed('null') },
  cart: { query: () => ({ query: '{ cart { item_count } }' }), expect: signed() },
  // One's own remembered delivery address (ADR 0044): the matrix's people have none.
  myDeliveryAddress: { query: () => ({ query: '{ myDeliveryAddress { street } }' }), expect: signed('null') },
  checkout: {
    query: (w) => ({ query: 'query($id: ID!) { checkout(checkout_id: $id) { checkout_id } }', variables: { id: w.paidCheckout } }),
    expect: { anonymous: 'UNAUTHENTICATED', consumer: 'ok', owningCook: 'null', otherCook: 'null' },
  },
  checkoutOrders: {
    query: (w) => ({ query: 'query($id: ID!) { checkoutOrders(checkout_id: $id) { order_id } }', variables: { id: w.paidCheckout } }),
    expect: { anonymous: 'UNAUTHENTICATED', consumer: 'ok', owningCook: 'empty', otherCook: 'empty' },
  },
  myOrders: {
    query: () => ({ query: '{ myOrders { order_id } }' }),
    expect: { anonymous: 'UNAUTHENTICATED', consumer: 'ok', owningCook: 'empty', otherCook: 'empty' },
  },
  cookOrders: {
    query: () => ({ query: '{ cookOrders { order_id } }' }),
    expect: { anonymous: 'UNAUTHENTICATED', consumer: 'FORBIDDEN', owningCook: 'ok', otherCook: 'empty' },
  },
  cookStats: { query: () => ({ query: '{ cookStats { pending_orders } }' }), expect: cookOnly },
  cookPayouts: { query: () => ({ query: '{ cookPayouts { available_cents } }' }), expect: cookOnly },
  cookLedgerCsv: { query: () => ({ query: '{ cookLedgerCsv { csv } }' }), expect: cookOnly },
  cookCampaigns: { query: () => ({ query: '{ cookCampaigns { cpm_cents } }' }), expect: cookOnly },
  // The owning cook's own (created above); another cook has none.
  myPromotions: {
    query: () => ({ query: '{ myPromotions { promotion_id } }' }),
    expect: { anonymous: 'UNAUTHENTICATED', consumer: 'FORBIDDEN', owningCook: 'ok', otherCook: 'empty' },
  },
  // A code nobody gave at this cook: refused in French to anyone signed in.
  promoCode: {
    query: (w) => ({ query: 'query($c: ID!) { promoCode(cook_id: $c, code: "NOPE2026") { cents } }', variables: { c: w.cook } }),
    expect: signed('VALIDATION_FAILED'),
  },
  cookCampaignsCsv: { query: () => ({ query: '{ cookCampaignsCsv { csv } }' }), expect: cookOnly },
  receipt: {
    query: (w) => ({ query: 'query($id: ID!) { receipt(order_id: $id) { number } }', variables: { id: w.deliveredOrder } }),
    expect: { anonymous: 'UNAUTHENTICATED', consumer: 'ok', owningCook: 'ok', otherCook: 'NOT_FOUND' },
  },
  receiptPdf: {
    query: (w) => ({ query: 'query($id: ID!) { receiptPdf(order_id: $id) { filename } }', variables: { id: w.deliveredOrder } }),
    expect: { anonymous: 'UNAUTHENTICATED', consumer: 'ok', owningCook: 'ok', otherCook: 'NOT_FOUND' },
  },
  pickupSettings: {
    query: () => ({ query: '{ pickupSettings { cook_id } }' }),
    expect: { anonymous: 'UNAUTHENTICATED', consumer: 'FORBIDDEN', owningCook: 'ok', otherCook: 'null' },
  },
  pickupSlots: { query: () => ({ query: '{ pickupSlots(cook_id: "nobody") { has_windows } }' }), expect: signed() },
  // One's own lists only (each signed-in session follows a cook and keeps a favourite from the start).
  followedCooks: { query: () => ({ query: '{ followedCooks { cook { cook_id } } }' }), expect: signed() },
  favouriteMeals: { query: () => ({ query: '{ favouriteMeals { meal_id } }' }), expect: signed() },
  alertPreferences: { query: () => ({ query: '{ alertPreferences { push_devices } }' }), expect: signed() },
};
/** Open to visitors by design (the catalogue, cooks' public pages, who am I). */
const PUBLIC_QUERIES = [
  'me',
  // Who the console's cookie names: null for everyone else.
  'operator',
  'meals',
  'meal',
  'featuredMeals',
  'cook',
  'cookMeals',
  'popularCooks',
  'cookReviews',
  'communes',
  'commune',
  // A cook's follower count (and, signed in, whether one follows); the deployment's push key.
  'cookFollow',
  'pushPublicKey',
  // The sponsored dish, shown to everyone with its label (ADR 0020).
  'sponsoredMeal',
  // The yearly transparency report: figures, no personal data (DSA Art. 15/24, ADR 0042).
  'transparencyReport',
];
/** Checked in auth.int.spec.ts and checkout.int.spec.ts (only signed-in users, only their orders, closed on sign-out). */
const SUBSCRIPTIONS = ['orderUpdated'];

let n = 0;
const uid = () => `${Date.now() % 1_000_000}${++n}`;
const account = (user_type: 'consumer' | 'cook') => newAccount('m', user_type, 'Matrice');

describe('authorization matrix: every mutation and private query × who asks', () => {
  const apps: INestApplication[] = [];
  let url: string;
  const sessions = {} as Record<Who, GqlSession>;
  const world = {} as World;
  let identity: INestApplication;

  const newSession = async (type: 'consumer' | 'cook' | null) => {
    const s = new GqlSession(url);
    if (type) {
      const r = await s.gql('mutation($i: SignUpInput!) { signUp(input: $i) { user { user_id } } }', { i: account(type) });
      expect(r.errors).toBeUndefined();
      await markEmailVerified(identity); // paying and publishing need a confirmed address
      if (type === 'cook') await markSellerVerified(identity); // a new dish needs a verified seller (fixture)
    }
    return s;
  };
  const ok = async (s: GqlSession, query: string, variables: Record<string, unknown> = {}) => {
    const r = await s.gql(query, variables);
    expect(r.errors, query).toBeUndefined();
    return r.data;
  };

  beforeAll(async () => {
    await resetJetStream();
    const env = (s: string) => serviceEnv(s, __filename);
    const cat = env('catalogue');
    const nats = cat.NATS_URL!;
    identity = await startServiceApp('identity', IdentityModule.forRoot(identityConfig(env('identity'))), nats);
    apps.push(identity);
    apps.push(await startServiceApp('catalogue', CatalogueModule.forRoot(catalogueConfig(cat)), nats));
    apps.push(await startServiceApp('cart', CartModule.forRoot(cartConfig(env('cart'))), nats));
    apps.push(await startServiceApp('ordering', OrderingModule.forRoot(orderingConfig(env('ordering'))), nats));
    apps.push(await startServiceApp('payments', PaymentsModule.forRoot(paymentsConfig(env('payments'))), nats));
    apps.push(await startServiceApp('notifications', NotificationsModule.forRoot(notificationsConfig(env('notifications'))), nats));
    const bffEnv = {
      ...env('bff'),
      ...natsCredentials('bff'),
      GRAPHIQL: 'false',
      RATE_LIMIT_SIGN_UP: '1000/60',
      RATE_LIMIT_CONTACT: '1000/60',
      RATE_LIMIT_PASSWORD_RESET: '1000/60',
      RATE_LIMIT_VERIFY_EMAIL: '1000/60',
    };
    const bff = await startBff(bffConfig(bffEnv));
    apps.push(bff.app);
    url = bff.url;

    sessions.anonymous = await newSession(null);
    sessions.consumer = await newSession('consumer');
    sessions.owningCook = await newSession('cook');
    sessions.otherCook = await newSession('cook');
    const cook = sessions.owningCook;
    const mealOf = async (s: GqlSession) =>
      (await ok(s, 'mutation($i: CreateMealInput!) { createMeal(input: $i) { meal_id } }', { i: MEAL_INPUT })).createMeal.meal_id as string;
    await ok(cook, 'mutation($i: PickupSettingsInput!) { updatePickupSettings(input: $i) { cook_id } }', { i: PICKUP_ALL_DAY });
    world.meal = await mealOf(cook);
    world.otherMeal = await mealOf(sessions.otherCook);
    world.freshMeal = () => mealOf(cook);
    const cookOf = async (meal: string) =>
      (await ok(cook, 'query($m: ID!) { meal(meal_id: $m) { cook_id } }', { m: meal })).meal.cook_id as string;
    world.cook = await cookOf(world.meal);
    world.otherCookId = await cookOf(world.otherMeal);
    for (const [who, follows] of [
      ['consumer', world.cook],
      ['otherCook', world.cook],
      ['owningCook', world.otherCookId],
    ] as const) {
      await ok(sessions[who], 'mutation($c: ID!) { followCook(cook_id: $c, follow: true) { followers } }', { c: follows });
      await ok(sessions[who], 'mutation($m: ID!) { setFavourite(meal_id: $m, favourite: true) { meal_id } }', { m: world.otherMeal });
    }
    const buy = async () => {
      const buyer = sessions.consumer;
      await ok(buyer, 'mutation { clearCart { item_count } }');
      await ok(buyer, 'mutation($id: ID!) { addToCart(meal_id: $id) { item_count } }', { id: world.meal });
      const intent = await ok(buyer, 'mutation($s: [ChosenSlotInput!]!) { createPaymentIntent(slots: $s) { checkout { checkout_id } } }', {
        s: await chooseSlotsGql(buyer),
      });
      const checkoutId = intent.createPaymentIntent.checkout.checkout_id as string;
      await ok(
        buyer,
        'mutation($id: ID!) { confirmSandboxPayment(checkout_id: $id, card: {number: "4242424242424242", exp_month: 12, exp_year: 2034, cvc: "123"}) { status } }',
        { id: checkoutId },
      );
      const orderId = await eventually(async () => {
        const d = await ok(buyer, 'query($id: ID!) { checkoutOrders(checkout_id: $id) { order_id order_status } }', { id: checkoutId });
        return d.checkoutOrders[0]?.order_id as string | undefined;
      }, 20_000);
      return { checkoutId, orderId };
    };
    const first = await buy();
    world.paidCheckout = first.checkoutId;
    for (const to of ['confirmed', 'preparing', 'ready', 'delivered'])
      await ok(cook, 'mutation($id: ID!, $to: OrderStatus!) { changeOrderStatus(order_id: $id, to: $to) { order_status } }', {
        id: first.orderId,
        to,
      });
    world.deliveredOrder = first.orderId;
    world.pendingOrder = async () => (await buy()).orderId;
  }, 240_000);

  afterAll(async () => {
    for (const app of apps.reverse()) await app.close();
  });

  it('has a row for every mutation, query and subscription of the schema', () => {
    const schema = buildSchema(readFileSync(join(__dirname, '..', 'schema.graphql'), 'utf8'));
    expect(Object.keys(schema.getMutationType()!.getFields()).sort()).toEqual(Object.keys(MUTATIONS).sort());
    expect(Object.keys(schema.getQueryType()!.getFields()).sort()).toEqual([...PUBLIC_QUERIES, ...Object.keys(PRIVATE_QUERIES)].sort());
    expect(Object.keys(schema.getSubscriptionType()!.getFields()).sort()).toEqual(SUBSCRIPTIONS);
  });

  it('an account whose address is not confirmed may not pay, publish a dish, nor export its data (FORBIDDEN, in French)', async () => {
    const unconfirmed = new GqlSession(url);
    const r = await unconfirmed.gql('mutation($i: SignUpInput!) { signUp(input: $i) { user { user_id } } }', { i: account('cook') });
    expect(r.errors).toBeUndefined();
    const cases: [string, string, Record<string, unknown>][] = [
      ['requestDataExport', 'mutation { requestDataExport { export_id status } }', {}],
      ['createPaymentIntent', 'mutation { createPaymentIntent(slots: []) { client_secret } }', {}],
      ['createMeal', 'mutation($i: CreateMealInput!) { createMeal(input: $i) { meal_id } }', { i: MEAL_INPUT }],
    ];
    for (const [field, query, variables] of cases) {
      const answer = await unconfirmed.gql(query, variables);
      expect(outcomeOf(answer, field), `${field}: ${JSON.stringify(answer.errors ?? answer.data)}`).toBe('FORBIDDEN');
      expect(answer.errors![0]!.message, field).toMatch(/adresse/i);
    }
  });

  const outcomeOf = (r: { data?: any; errors?: { message: string; extensions?: { code?: string } }[] }, field: string): string => {
    if (r.errors?.length) return r.errors[0]!.extensions?.code ?? 'UNKNOWN';
    const value = r.data?.[field];
    if (value === null) return 'null';
    if (Array.isArray(value) && value.length === 0) return 'empty';
    return 'ok';
  };

  for (const [kind, rows] of [
    ['mutation', MUTATIONS],
    ['query', PRIVATE_QUERIES],
  ] as const) {
    for (const [field, row] of Object.entries(rows)) {
      it(`${kind} ${field}: ${WHO.map((w) => `${w} → ${row.expect[w]}`).join(', ')}`, async () => {
        for (const who of WHO) {
          let session = sessions[who];
          if (row.fresh && who !== 'anonymous') session = await newSession(who === 'consumer' ? 'consumer' : 'cook');
          // Each case on a copy of the session, so one case's new cookies never leak into the next.
          const copy = new GqlSession(url);
          for (const [k, v] of session.cookies) copy.cookies.set(k, v);
          const { query, variables } = await row.query(world);
          const r = await copy.gql(query, variables);
          expect(outcomeOf(r, field), `${field} as ${who}: ${JSON.stringify(r.errors ?? r.data)}`).toBe(row.expect[who]);
          // Refusals speak French and name nothing internal (no NATS subject, no English internals).
          if (r.errors?.length) expect(r.errors[0]!.message).not.toMatch(/rpc\.|Cannot|Unexpected|failed|Error/);
        }
      });
    }
  }
});
