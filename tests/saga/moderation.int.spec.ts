import type { INestApplication } from '@nestjs/common';
import { jetstream } from '@nats-io/jetstream';
import { AppModule as CatalogueModule, catalogueConfig, seedCatalogue } from '@popote/catalogue/app';
import {
  AccountEvents,
  CatalogueEvents,
  exportPersonalDataRpc,
  CatalogueRpc,
  IdentityRpc,
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  ModerationEvents,
  ModerationRpc,
  OrderingRpc,
  PickupRpc,
  subjectOf,
  SUSPENDED_COOK_CANCEL_REASON,
  type ReportedItem,
} from '@popote/contracts';
import { AppModule as IdentityModule, identityConfig, OperatorsService } from '@popote/identity/app';
import { AppModule as NotificationsModule, notificationsConfig } from '@popote/notifications/app';
import { makeEnvelope } from '@popote/platform';
import {
  eventsMatching,
  eventually,
  expectDomainError,
  PICKUP_ALL_DAY,
  resetJetStream,
  serviceEnv,
  servicesUnderTest,
  testNats,
  waitForMail,
  type ServicesUnderTest,
} from '@popote/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumer, cook, databaseOf, runJob, startStack, type Stack } from './stack';

let n = 0;
const stamp = () => `${Date.now()}-${++n}`;

/**
 * Notice and action (ADR 0042) across identity (two replicas), the catalogue and notifications: a
 * visitor's report is acknowledged; two operators deciding it at once on two replicas make one
 * decision, one audit line, one withdrawal; the cook gets the statement and the reporter the outcome;
 * the cook appeals once; the operator who decided cannot decide the appeal; another reverses it and
 * the dish is on sale again; the decision's event delivered again changes nothing.
 */
describe('moderation: report, decide once, statement, appeal to another operator', () => {
  let under: ServicesUnderTest;
  let identity: INestApplication;
  let ops: OperatorsService;

  beforeAll(async () => {
    await resetJetStream();
    const identityEnv = serviceEnv('identity', __filename);
    const catalogueEnv = serviceEnv('catalogue', __filename);
    await seedCatalogue(catalogueEnv);
    under = await servicesUnderTest(identityEnv.NATS_URL!, [
      { service: 'identity', module: IdentityModule.forRoot(identityConfig(identityEnv)) },
      { service: 'identity', module: IdentityModule.forRoot(identityConfig(identityEnv)) },
      { service: 'catalogue', module: CatalogueModule.forRoot(catalogueConfig(catalogueEnv)) },
      { service: 'notifications', module: NotificationsModule.forRoot(notificationsConfig(serviceEnv('notifications', __filename))) },
    ]);
    identity = under.apps[0]!;
    ops = identity.get(OperatorsService);
  });

  afterAll(async () => {
    await under?.close();
  });

  async function cookWithDish() {
    const email = `cuisiniere-${stamp()}@popote.test`;
    const { user } = await under.rpc.call(IdentityRpc.signUp, {
      email,
      password: 'secret123',
      name: 'Zoé Cuisine',
      username: `zoe${stamp().replace(/-/g, '')}`.slice(0, 20),
      location: 'Lyon',
      user_type: 'cook',
      client: { ip: '10.0.0.1' },
    });
    const actor = { user_id: user.user_id, user_type: 'cook' as const };
    await under.rpc.call(PickupRpc.updatePickupSettings, { actor, input: PICKUP_ALL_DAY });
    const { meal } = await under.rpc.call(CatalogueRpc.createMeal, {
      actor,
      cook_name: user.username,
      input: {
        name: `Poulet basquaise ${stamp()}`,
        description: 'Mijoté maison',
        price_cents: 1200,
        portions_available: 5,
        ingredients: ['Poulet'],
        allergens: [],
        category: 'french',
        preparation_time: 30,
        available_date: new Date().toISOString(),
        cooking_details: '',
        serving_suggestions: '',
        dietary_info: '',
        storage_instructions: '',
      },
    });
    const item: ReportedItem = { owner_id: user.user_id, label: meal.name, text: meal.description, path: `/meals/${meal.meal_id}` };
    return { email, cookId: user.user_id, mealId: meal.meal_id, item };
  }

  const report = (item: ReportedItem, targetId: string, who: { email?: string; user?: string }) =>
    under.rpc.call(ModerationRpc.report, {
      target_kind: 'meal',
      target_id: targetId,
      reason: 'food_safety',
      explanation: 'Le plat sentait mauvais et ma fille a été malade.',
      ...(who.email ? { contact_email: who.email } : {}),
      reporter_user_id: who.user ?? null,
      item,
    });

  it('a dish withdrawn once under two operators on two replicas, stated, appealed once, restored by another operator', async () => {
    const { email: cookEmail, cookId, mealId, item } = await cookWithDish();
    const visitor = `visiteur-${stamp()}@popote.test`;
    const { report_id } = await report(item, mealId, { email: visitor });
    await waitForMail(visitor, /bien reçu votre signalement/);
    // The same visitor cannot report the same dish again while it is examined.
    expect((await expectDomainError(report(item, mealId, { email: visitor }))).message).toBe(MODERATION_MESSAGES.alreadyReported);

    const a = await ops.add(`op-a-${stamp()}@popote.test`, 'Odile');
    const b = await ops.add(`op-b-${stamp()}@popote.test`, 'Bastien');
    const statement = 'Plusieurs signalements concordants de malaise après consommation : retrait par précaution.';
    const racing = await Promise.allSettled([
      under.rpc.call(ModerationRpc.decide, { operator_id: a.operator_id, report_id, action: 'hide_meal', statement }),
      under.rpc.call(ModerationRpc.decide, { operator_id: b.operator_id, report_id, action: 'hide_meal', statement }),
    ]);
    const won = racing.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    const decision = (won[0] as PromiseFulfilledResult<{ decision: { decision_id: string; operator_id: string } }>).value.decision;
    const lost = racing.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(lost.reason.message).toBe(MODERATION_MESSAGES.alreadyDecided);

    const db = databaseOf(identity);
    expect(await db.collection('moderationDecisions').countDocuments({ target_id: mealId })).toBe(1);
    // The audit log is in identity's audit database (append-only in production, ADR 0041).
    const audit = db.client.db(`${db.databaseName}_audit`).collection('operatorAudit');
    expect(await audit.countDocuments({ action: 'moderation.decided.hide_meal', target: `meal:${mealId}` })).toBe(1);
    await eventually(async () => ((await under.rpc.call(CatalogueRpc.getMeal, { meal_id: mealId })).meal === null ? true : undefined));
    await waitForMail(cookEmail, /Décision concernant votre plat/);
    const outcome = await waitForMail(visitor, /Suite donnée à votre signalement/);
    expect(outcome.text).toContain('plat retiré de la vente');

    // The cook appeals, once (two at once: one recorded).
    const appeals = await Promise.allSettled([
      under.rpc.call(ModerationRpc.appeal, {
        user_id: cookId,
        decision_id: decision.decision_id,
        text: 'Le plat était frais, voici mes relevés de température.',
      }),
      under.rpc.call(ModerationRpc.appeal, {
        user_id: cookId,
        decision_id: decision.decision_id,
        text: 'Le plat était frais, voici mes relevés de température.',
      }),
    ]);
    expect(appeals.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(((appeals.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason as Error).message).toBe(
      MODERATION_MESSAGES.appealOnce,
    );
    // Nobody else may appeal it.
    const stranger = await expectDomainError(
      under.rpc.call(ModerationRpc.appeal, {
        user_id: 'someone-else',
        decision_id: decision.decision_id,
        text: 'Je conteste cette décision.',
      }),
    );
    expect(stranger.message).toBe(MODERATION_MESSAGES.notYours);

    const decidedBy = decision.operator_id;
    const other = decidedBy === a.operator_id ? b : a;
    const waiting = await under.rpc.call(ModerationRpc.appeals, { operator_id: other.operator_id, limit: 100 });
    expect(waiting.items.map((d) => d.decision_id)).toContain(decision.decision_id);
    const same = await expectDomainError(
      under.rpc.call(ModerationRpc.decideAppeal, {
        operator_id: decidedBy,
        decision_id: decision.decision_id,
        outcome: 'reversed',
        statement,
      }),
    );
    expect(same.message).toBe(MODERATION_MESSAGES.appealSameOperator);
    await under.rpc.call(ModerationRpc.decideAppeal, {
      operator_id: other.operator_id,
      decision_id: decision.decision_id,
      outcome: 'reversed',
      statement: 'Les relevés fournis montrent une chaîne du froid respectée : le plat est remis en vente.',
    });
    await eventually(async () => ((await under.rpc.call(CatalogueRpc.getMeal, { meal_id: mealId })).meal ? true : undefined));
    await waitForMail(cookEmail, /Votre recours a été accepté/);

    // The first decision's event delivered again (a replay): the dish stays on sale, withdrawn once in all.
    const [hidden] = await eventsMatching<{ decision_id: string; effect: string }>(
      `${ModerationEvents.decided.subject}`,
      (e) => e.data.decision_id === decision.decision_id && e.data.effect === 'hide_meal',
    );
    expect(hidden).toBeDefined();
    const js = jetstream(under.nc);
    await js.publish(
      subjectOf(ModerationEvents.decided, hidden!.data as never),
      JSON.stringify({ ...hidden, id: `${hidden!.id}-replay` }),
      {
        msgID: `${hidden!.id}-replay`,
      },
    );
    await eventually(async () => {
      const deleted = await eventsMatching<{ meal_id: string }>(CatalogueEvents.mealDeleted.subject, (e) => e.data.meal_id === mealId);
      return deleted.length >= 1 ? deleted : undefined;
    });
    await new Promise((r) => setTimeout(r, 1500));
    expect((await under.rpc.call(CatalogueRpc.getMeal, { meal_id: mealId })).meal).not.toBeNull();
    const deletions = await eventsMatching<{ meal_id: string }>(CatalogueEvents.mealDeleted.subject, (e) => e.data.meal_id === mealId);
    expect(deletions).toHaveLength(1);
    expect(await db.collection('moderationDecisions').countDocuments({ target_id: mealId })).toBe(1);
  });

  it('personal data: exported, an erased address forgotten, everything gone after the retention', async () => {
    const { cookId, mealId, item } = await cookWithDish();
    const address = `lanceuse-${stamp()}@popote.test`;
    const { report_id } = await report(item, mealId, { email: address });
    const operator = await ops.add(`op-${stamp()}@popote.test`, 'Odile');
    const statement = 'Après examen, le plat respecte les règles : aucune mesure.';
    const { decision } = await under.rpc.call(ModerationRpc.decide, {
      operator_id: operator.operator_id,
      report_id,
      action: 'no_action',
      statement,
    });

    // The cook's export holds the decision about their dish (not who reported it, nor who decided).
    const exported = await under.rpc.call(exportPersonalDataRpc('identity'), {
      actor: { user_id: cookId, user_type: 'cook' },
      email: 'x@popote.test',
    });
    const decisions = exported.sections['moderation-decisions'] as { decision_id: string; statement: string }[];
    expect(decisions).toEqual([expect.objectContaining({ decision_id: decision.decision_id, statement })]);
    expect(JSON.stringify(decisions)).not.toContain(address);
    expect(JSON.stringify(decisions)).not.toContain(operator.operator_id);

    // The reporter signs up with that address, then erases their account: the address leaves the report and the decision.
    const { user } = await under.rpc.call(IdentityRpc.signUp, {
      email: address,
      password: 'secret123',
      name: 'Lanceuse',
      username: `lan${stamp().replace(/-/g, '')}`.slice(0, 20),
      location: 'Lyon',
      user_type: 'consumer',
      client: { ip: '10.0.0.2' },
    });
    const envelope = makeEnvelope(AccountEvents.erasureRequested, {
      user_id: user.user_id,
      email: address,
      names: [],
      requested_at: new Date().toISOString(),
    });
    await jetstream(under.nc).publish(subjectOf(AccountEvents.erasureRequested, envelope.data), JSON.stringify(envelope), {
      msgID: envelope.id,
    });
    const db = databaseOf(identity);
    await eventually(async () =>
      (await db.collection('reports').findOne({ _id: report_id as never }))?.contact_email === null ? true : undefined,
    );
    // The decision's copy goes next (after the reports), within the same delivery.
    await eventually(async () =>
      JSON.stringify(await db.collection('moderationDecisions').findOne({ _id: decision.decision_id as never })).includes(address)
        ? undefined
        : true,
    );

    // Kept two years after the decision, then deleted (report and decision).
    await runJob(identity, 'moderation-retention', new Date(Date.now() + 731 * 86_400_000));
    expect(await db.collection('reports').countDocuments({ _id: report_id as never })).toBe(0);
    expect(await db.collection('moderationDecisions').countDocuments({ _id: decision.decision_id as never })).toBe(0);
  });

  it('mass reporting: one open report per item and reporter, and a bounded number open', async () => {
    const { mealId, item } = await cookWithDish();
    const reporter = `user-${stamp()}`;
    await report(item, mealId, { user: reporter });
    for (let i = 1; i < MODERATION_LIMITS.openPerReporter; i++)
      await report({ ...item, label: `${item.label} ${i}` }, `${mealId}-${i}`, { user: reporter });
    const refused = await expectDomainError(report(item, `${mealId}-last`, { user: reporter }));
    expect(refused.message).toBe(MODERATION_MESSAGES.tooManyOpen);
    // Signed out, an address is required.
    const noAddress = await expectDomainError(report(item, mealId, {}));
    expect(noAddress.message).toBe(MODERATION_MESSAGES.emailRequired);
  });
});

/**
 * The measures that reach orders and ratings (ADR 0042), on the checkout's stack with two ordering
 * replicas: a suspended cook's open orders are cancelled and refunded once each, even when the
 * decision's event is delivered again; their dishes leave the catalogue and come back when an appeal
 * reverses the suspension (the orders stay cancelled). A review taken down leaves the cook's and the
 * dish's averages, once, and comes back with them.
 */
describe('moderation: suspension and review removal, once under replicas and replays', () => {
  let s: Stack;
  let ops: OperatorsService;
  const statement = 'Mesure décidée après examen des pièces : motifs détaillés pour la personne concernée.';

  beforeAll(async () => {
    s = await startStack(__filename);
    await s.startOrderingReplica();
    ops = s.identity().get(OperatorsService);
  });

  afterAll(async () => {
    await s?.stop();
  });

  /** A report of `kind` decided with `action` by a new operator; answers the decision and that operator. */
  async function decided(kind: 'meal' | 'review' | 'cook', targetId: string, ownerId: string, action: 'suspend_cook' | 'remove_review') {
    const item: ReportedItem = { owner_id: ownerId, label: `Élément ${targetId}`, text: 'Texte signalé', path: `/cook/${ownerId}` };
    const { report_id } = await s.rpc.call(ModerationRpc.report, {
      target_kind: kind,
      target_id: targetId,
      reason: 'fraud',
      explanation: 'Ce contenu me semble frauduleux, voici pourquoi.',
      reporter_user_id: `reporter-${stamp()}`,
      item,
    });
    const operator = await ops.add(`op-${stamp()}@popote.test`, 'Odile');
    const { decision } = await s.rpc.call(ModerationRpc.decide, { operator_id: operator.operator_id, report_id, action, statement });
    return { decision, operator };
  }

  /** The decision reversed on appeal by another operator. */
  async function reversed(decisionId: string, ownerId: string) {
    await s.rpc.call(ModerationRpc.appeal, { user_id: ownerId, decision_id: decisionId, text: 'Je conteste, voici les justificatifs.' });
    const other = await ops.add(`op-${stamp()}@popote.test`, 'Bastien');
    await s.rpc.call(ModerationRpc.decideAppeal, {
      operator_id: other.operator_id,
      decision_id: decisionId,
      outcome: 'reversed',
      statement,
    });
  }

  /** The decision's event delivered again, as a replay would. */
  async function replay(decisionId: string) {
    const [event] = await eventsMatching<{ decision_id: string; stage: string }>(
      ModerationEvents.decided.subject,
      (e) => e.data.decision_id === decisionId && e.data.stage === 'decision',
    );
    const nc = await testNats(s.nats);
    try {
      await jetstream(nc).publish(ModerationEvents.decided.subject, JSON.stringify({ ...event, id: `${event!.id}-replay` }), {
        msgID: `${event!.id}-replay`,
      });
    } finally {
      await nc.close();
    }
  }

  it('a suspended cook: open orders cancelled and refunded once each, dishes withdrawn, all back but the orders on appeal', async () => {
    const chef = cook(`cook-suspended-${stamp()}`);
    const mealA = await s.newMeal(chef.user_id, 10);
    const mealB = await s.newMeal(chef.user_id, 10);
    const orders = [await s.buy(consumer(), mealA), await s.buy(consumer(), mealB), await s.buy(consumer(), mealA)];
    await s.rpc.call(OrderingRpc.changeStatus, { actor: chef, order_id: orders[1]!._id, to: 'confirmed' });

    const { decision } = await decided('cook', chef.user_id, chef.user_id, 'suspend_cook');
    await replay(decision.decision_id);
    await eventually(async () => {
      const docs = await s.orders.find({ _id: { $in: orders.map((o) => o._id) } }).toArray();
      return docs.every((o) => o.order_status === 'cancelled') ? docs : undefined;
    }, 30_000);
    await eventually(
      async () => ((await s.refunds.countDocuments({ _id: { $in: orders.map((o) => o._id) } })) === 3 ? true : undefined),
      30_000,
    );
    await s.drained('ordering');
    await s.drained('payments');
    // Exactly one refund per order, of its total, whatever the replicas and the replay did.
    const refunds = await s.refunds.find({ _id: { $in: orders.map((o) => o._id) } }).toArray();
    expect(refunds).toHaveLength(3);
    expect(refunds.map((r) => r.amount_cents).sort()).toEqual(orders.map((o) => o.total_cents).sort());
    expect(await s.orders.countDocuments({ _id: { $in: orders.map((o) => o._id) }, cancel_reason: SUSPENDED_COOK_CANCEL_REASON })).toBe(3);
    for (const meal of [mealA, mealB])
      await eventually(async () => ((await s.rpc.call(CatalogueRpc.getMeal, { meal_id: meal })).meal === null ? true : undefined));
    const profile = await databaseOf(s.identity())
      .collection('cookProfiles')
      .findOne({ _id: chef.user_id as never });
    expect(profile?.suspended_by_decision).toBe(decision.decision_id);

    await reversed(decision.decision_id, chef.user_id);
    for (const meal of [mealA, mealB])
      await eventually(async () => ((await s.rpc.call(CatalogueRpc.getMeal, { meal_id: meal })).meal ? true : undefined));
    await eventually(async () => {
      const p = await databaseOf(s.identity())
        .collection('cookProfiles')
        .findOne({ _id: chef.user_id as never });
      return p?.suspended_at === null ? true : undefined;
    });
    expect(await s.orders.countDocuments({ _id: { $in: orders.map((o) => o._id) }, order_status: 'cancelled' })).toBe(3);
    expect(await s.refunds.countDocuments({ _id: { $in: orders.map((o) => o._id) } })).toBe(3);

    // Reinstated, the cook sells again; the suspension delivered once more (a replay) cancels nothing new.
    const after = await s.buy(consumer(), mealA);
    await replay(decision.decision_id);
    await s.drained('ordering');
    await s.drained('catalogue');
    expect((await s.orders.findOne({ _id: after._id }))?.order_status).toBe('pending');
    expect((await s.rpc.call(CatalogueRpc.getMeal, { meal_id: mealA })).meal).not.toBeNull();
    expect(await s.refunds.countDocuments({ _id: after._id })).toBe(0);
  });

  it('a review taken down leaves the averages once, and comes back with them', async () => {
    const chef = cook(`cook-reviewed-${stamp()}`);
    const meal = await s.newMeal(chef.user_id, 10);
    const buyer = consumer();
    const order = await s.buy(buyer, meal);
    for (const to of ['confirmed', 'preparing', 'ready', 'delivered'] as const)
      await s.rpc.call(OrderingRpc.changeStatus, { actor: chef, order_id: order._id, to });
    await s.rpc.call(OrderingRpc.submitReview, {
      actor: buyer,
      order_id: order._id,
      rating: 1,
      comment: 'Insultes…',
      consumer_name: 'Troll',
    });
    const rating = async () => ({
      meal: (await s.rpc.call(CatalogueRpc.getMeal, { meal_id: meal })).meal?.rating_count,
      // The cook's rating as identity keeps it (this test's cook has a profile, no account).
      cook: (
        await databaseOf(s.identity())
          .collection('cookProfiles')
          .findOne({ _id: chef.user_id as never })
      )?.total_reviews,
    });
    await eventually(async () => ((await rating()).meal === 1 && (await rating()).cook === 1 ? true : undefined));

    const { decision } = await decided('review', order._id, buyer.user_id, 'remove_review');
    await replay(decision.decision_id);
    await eventually(async () => ((await rating()).meal === 0 && (await rating()).cook === 0 ? true : undefined));
    expect((await s.rpc.call(OrderingRpc.cookReviews, { cook_id: chef.user_id })).items).toEqual([]);
    await s.drained('catalogue');
    await s.drained('identity');
    expect(await rating()).toEqual({ meal: 0, cook: 0 });

    await reversed(decision.decision_id, buyer.user_id);
    await eventually(async () => ((await rating()).meal === 1 && (await rating()).cook === 1 ? true : undefined));
    expect((await s.rpc.call(OrderingRpc.cookReviews, { cook_id: chef.user_id })).items.map((r) => r.review_id)).toEqual([order._id]);
  });
});
