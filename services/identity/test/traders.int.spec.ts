import type { Msg, NatsConnection } from '@nats-io/transport-node';
import {
  erasureBlockersRpc,
  exportPersonalDataRpc,
  IdentityRpc,
  OperatorRpc,
  TRADER_MESSAGES,
  TraderEmailsRpc,
  TraderRpc,
  type TraderDetailsInputDto,
} from '@popote/contracts';
import type { RpcClient } from '@popote/platform';
import { eventually, expectDomainError, resetJetStream, serviceEnv, serviceUnderTest, type ServiceUnderTest } from '@popote/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule } from '../src/app.module';
import { identityConfig } from '../src/config';
import { OperatorsService } from '../src/operators/operators.service';
import { TradersService } from '../src/traders/traders.service';

const client = { ip: '10.0.0.7' };
let seq = 0;

/**
 * Traders' traceability (EU Digital Services Act): a cook submits their details, an operator verifies
 * them once (two operators at once: one decision, one audit line) or asks for more; details changed
 * after a verification go back to `submitted`; the file is in the person's export, and kept six months
 * after an erasure ends the trading relationship, then deleted.
 */
describe('identity: trader details and their verification', () => {
  let under: ServiceUnderTest;
  let rpc: RpcClient;
  let nc: NatsConnection;
  let operators: OperatorsService;
  let traders: TradersService;
  let odile: string;
  let octave: string;
  const emails: Record<string, unknown>[] = [];

  const cook = async () => {
    seq++;
    const input = {
      email: `vendeur${seq}-${Date.now()}@popote.test`,
      password: 'secret1',
      name: 'Paul Vendeur',
      username: `vendeur${seq}${Date.now() % 100000}`,
      location: 'Lyon',
      user_type: 'cook' as const,
      client,
    };
    const { user } = await rpc.call(IdentityRpc.signUp, input);
    return { actor: { user_id: user.user_id, user_type: 'cook' as const }, id: user.user_id, password: input.password };
  };
  const details = (cookId: string, over: Partial<TraderDetailsInputDto> = {}): TraderDetailsInputDto => ({
    legal_name: 'Paul Vendeur',
    siret: '732 829 320 00074',
    address: { street: '3 place Bellecour', postcode: '69002', city: 'Lyon' },
    phone: '06 11 22 33 44',
    email: 'paul.vendeur@popote.test',
    ddpp_receipt_key: `traders/${cookId}/1-ddpp_receipt.pdf`,
    hygiene_certificate_key: `traders/${cookId}/1-hygiene_certificate.png`,
    self_certified: true,
    ...over,
  });
  const auditOf = async (cookId: string) =>
    (await rpc.call(OperatorRpc.audit, { operator_id: odile, limit: 200 })).entries.filter((e) => e.target === `cook:${cookId}`);

  /** Plays another service on NATS: answers `subject` with `reply(data)`, recording what it was asked. */
  const answer = (subject: string, reply: (data: Record<string, unknown>) => unknown, seen: Record<string, unknown>[] = []) => {
    const sub = nc.subscribe(subject, {
      callback: (_err, msg: Msg) => {
        const data = (JSON.parse(msg.string()) as { data: Record<string, unknown> }).data;
        seen.push(data);
        msg.respond(JSON.stringify({ response: reply(data), isDisposed: true }));
      },
    });
    return () => sub.unsubscribe();
  };
  const stops: (() => void)[] = [];

  beforeAll(async () => {
    await resetJetStream();
    const config = identityConfig(serviceEnv('identity', __filename));
    ({ rpc, nc } = under = await serviceUnderTest('identity', AppModule.forRoot(config), config.NATS_URL));
    operators = under.app.get(OperatorsService);
    traders = under.app.get(TradersService);
    odile = (await operators.add(`odile-${Date.now()}@popote.test`, 'Odile')).operator_id;
    octave = (await operators.add(`octave-${Date.now()}@popote.test`, 'Octave')).operator_id;
    // Notifications (the decision emails) and the erasure's blocking services, played here.
    stops.push(answer(TraderEmailsRpc.sendDecision.subject, () => ({ ok: true }), emails));
    stops.push(answer(erasureBlockersRpc('payments').subject, () => ({ reasons: [] })));
    stops.push(answer(erasureBlockersRpc('ordering').subject, () => ({ reasons: [] })));
  });

  afterAll(async () => {
    for (const stop of stops) stop();
    await under?.close();
  });

  it('refuses details the law needs right, in French, field by field', async () => {
    const { actor, id } = await cook();
    const err = await expectDomainError(
      rpc.call(TraderRpc.save, {
        actor,
        details: details(id, { siret: '732 829 320 00075', phone: '06 12', address: { street: '', postcode: '6900', city: 'Lyon' } }),
      }),
    );
    expect(err.code).toBe('VALIDATION_FAILED');
    expect(err.fields).toMatchObject({
      siret: TRADER_MESSAGES.siretInvalid,
      phone: TRADER_MESSAGES.phoneInvalid,
      street: TRADER_MESSAGES.streetRequired,
      postcode: TRADER_MESSAGES.postcode,
    });
    // A document under another cook is not one's own.
    const other = await cook();
    const foreign = await expectDomainError(rpc.call(TraderRpc.save, { actor, details: details(other.id) }));
    expect(foreign).toMatchObject({ code: 'VALIDATION_FAILED', message: TRADER_MESSAGES.documentInvalid });
    expect((await rpc.call(TraderRpc.get, { cook_id: id, actor })).file).toMatchObject({ status: 'missing', revision: 0, details: null });
  });

  it('submit, queue, two operators verify at once: one decision, one audit line, one email; the copy on the cook page', async () => {
    const { actor, id } = await cook();
    const saved = await rpc.call(TraderRpc.save, { actor, details: details(id) });
    expect(saved.file).toMatchObject({ status: 'submitted', revision: 1, details: { siret: '73282932000074', phone: '0611223344' } });
    expect((await rpc.call(TraderRpc.verifiedSeller, { cook_id: id })).verified).toBe(false);
    // Saved again unchanged: still the same submission.
    expect((await rpc.call(TraderRpc.save, { actor, details: details(id) })).file.revision).toBe(1);

    // The queue, oldest first, page by page.
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const page: { items: { cook_id: string }[]; next_cursor: string | null } = await rpc.call(TraderRpc.queue, {
        operator_id: odile,
        limit: 2,
        after,
      });
      seen.push(...page.items.map((i) => i.cook_id));
      after = page.next_cursor;
    } while (after);
    expect(seen).toContain(id);
    expect(new Set(seen).size).toBe(seen.length);

    const decisions = await Promise.all(
      [odile, octave].map((operator_id) => rpc.call(TraderRpc.decide, { operator_id, cook_id: id, revision: 1, decision: 'verify' })),
    );
    expect(decisions.map((d) => d.applied).sort()).toEqual([false, true]);
    expect(decisions.every((d) => d.file.status === 'verified')).toBe(true);
    expect((await auditOf(id)).map((e) => e.action)).toEqual(['trader.verified']);
    await eventually(async () => (emails.filter((e) => e.user_id === id).length === 1 ? true : undefined), 5_000);
    expect(emails.find((e) => e.user_id === id)).toMatchObject({ decision: 'verified', message: null });

    expect((await rpc.call(TraderRpc.verifiedSeller, { cook_id: id })).verified).toBe(true);
    expect((await rpc.call(IdentityRpc.getCook, { cook_id: id })).cook).toMatchObject({
      verified_seller: true,
      seller: { legal_name: 'Paul Vendeur', siret: '73282932000074', address: { city: 'Lyon' }, phone: '0611223344' },
    });
    // A disabled or unknown operator decides nothing.
    expect((await expectDomainError(rpc.call(TraderRpc.queue, { operator_id: 'op_nobody' }))).code).toBe('FORBIDDEN');
  });

  it('ask for more (a message required), answered by a new submission; a decision on an old revision is refused', async () => {
    const { actor, id } = await cook();
    await rpc.call(TraderRpc.save, { actor, details: details(id) });
    const missing = await expectDomainError(
      rpc.call(TraderRpc.decide, { operator_id: odile, cook_id: id, revision: 1, decision: 'ask_more' }),
    );
    expect(missing).toMatchObject({ code: 'VALIDATION_FAILED', fields: { message: TRADER_MESSAGES.messageRequired } });

    const asked = await rpc.call(TraderRpc.decide, {
      operator_id: odile,
      cook_id: id,
      revision: 1,
      decision: 'ask_more',
      message: 'Votre attestation d’hygiène est expirée.',
    });
    expect(asked).toMatchObject({
      applied: true,
      file: { status: 'more_info_requested', message: 'Votre attestation d’hygiène est expirée.' },
    });
    // The other operator's verify of the same revision comes too late.
    const late = await expectDomainError(rpc.call(TraderRpc.decide, { operator_id: octave, cook_id: id, revision: 1, decision: 'verify' }));
    expect(late).toMatchObject({ code: 'CONFLICT', message: TRADER_MESSAGES.staleSubmission });
    await eventually(async () => (emails.some((e) => e.user_id === id && e.decision === 'more_info_requested') ? true : undefined), 5_000);

    const again = await rpc.call(TraderRpc.save, {
      actor,
      details: details(id, { hygiene_certificate_key: `traders/${id}/2-hygiene_certificate.pdf` }),
    });
    expect(again.file).toMatchObject({ status: 'submitted', revision: 2 });
    expect(
      (await expectDomainError(rpc.call(TraderRpc.decide, { operator_id: odile, cook_id: id, revision: 1, decision: 'verify' }))).code,
    ).toBe('CONFLICT');
    expect((await rpc.call(TraderRpc.decide, { operator_id: odile, cook_id: id, revision: 2, decision: 'verify' })).applied).toBe(true);
    expect((await auditOf(id)).map((e) => [e.action, e.reason])).toEqual([
      ['trader.verified', 'Révision 2 vérifiée'],
      ['trader.more-info-requested', 'Votre attestation d’hygiène est expirée.'],
    ]);
  });

  it('details changed after a verification go back to submitted: the badge goes until verified again', async () => {
    const { actor, id } = await cook();
    await rpc.call(TraderRpc.save, { actor, details: details(id) });
    await rpc.call(TraderRpc.decide, { operator_id: odile, cook_id: id, revision: 1, decision: 'verify' });
    const changed = await rpc.call(TraderRpc.save, {
      actor,
      details: details(id, { address: { street: '9 rue Neuve', postcode: '69001', city: 'Lyon' } }),
    });
    expect(changed.file).toMatchObject({ status: 'submitted', revision: 2 });
    expect((await rpc.call(TraderRpc.verifiedSeller, { cook_id: id })).verified).toBe(false);
    expect((await rpc.call(IdentityRpc.getCook, { cook_id: id })).cook).toMatchObject({ verified_seller: false, seller: null });
    // The operator reads the new revision (only an operator or the cook reads a file).
    expect((await rpc.call(TraderRpc.get, { cook_id: id, operator_id: octave })).file.details?.address.street).toBe('9 rue Neuve');
    const stranger = await cook();
    expect((await expectDomainError(rpc.call(TraderRpc.get, { cook_id: id, actor: stranger.actor }))).code).toBe('FORBIDDEN');
  });

  it("in the person's export; an erasure ends the relationship: kept six months out of every page, then deleted with its documents", async () => {
    const { actor, id, password } = await cook();
    await rpc.call(TraderRpc.save, { actor, details: details(id) });
    await rpc.call(TraderRpc.decide, { operator_id: odile, cook_id: id, revision: 1, decision: 'verify' });

    const page = await rpc.call(exportPersonalDataRpc('identity'), { actor });
    expect(page.sections['trader-details']).toMatchObject({
      status: 'verified',
      details: { legal_name: 'Paul Vendeur', siret: '73282932000074' },
      documents: ['1-ddpp_receipt.pdf', '1-hygiene_certificate.png'],
    });
    expect((await rpc.call(TraderRpc.documentsKept, { cook_ids: [id] })).keys.sort()).toEqual([
      `traders/${id}/1-ddpp_receipt.pdf`,
      `traders/${id}/1-hygiene_certificate.png`,
    ]);

    expect(await rpc.call(IdentityRpc.deleteAccount, { actor, password })).toEqual({ ok: true });
    // Identity's own erasure handler ends the relationship (the account's erasure event).
    const ended = await eventually(async () => {
      const file = await rpc.call(TraderRpc.get, { cook_id: id, operator_id: odile });
      return (await traders.isVerifiedSeller(id)) ? undefined : file;
    }, 15_000);
    expect(ended.file.details?.legal_name).toBe('Paul Vendeur');
    expect((await rpc.call(IdentityRpc.getCook, { cook_id: id })).cook).toBeNull();
    const queued = await rpc.call(TraderRpc.queue, { operator_id: odile, status: 'submitted', limit: 100 });
    expect(queued.items.map((i) => i.cook_id)).not.toContain(id);
    // Still kept (and its documents with it) five months later; gone after six.
    const fiveMonths = new Date(Date.now() + 152 * 86_400_000);
    await traders.purgeExpired(fiveMonths);
    expect((await rpc.call(TraderRpc.documentsKept, { cook_ids: [id] })).keys).toHaveLength(2);
    await traders.purgeExpired(new Date(Date.now() + 186 * 86_400_000));
    expect((await rpc.call(TraderRpc.documentsKept, { cook_ids: [id] })).keys).toEqual([]);
    // A second erasure event finds nothing left to end.
    await traders.endRelationship(id);
    expect((await rpc.call(TraderRpc.documentsKept, { cook_ids: [id] })).keys).toEqual([]);
  });
});
