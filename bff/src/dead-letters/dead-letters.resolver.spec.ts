import { DomainError, OperatorRpc, type RpcContract } from '@popote/contracts';
import type { RpcClient } from '@popote/platform';
import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { DeadLettersResolver } from './dead-letters.resolver';

const operator = { operator_id: 'op_1', email: 'ops@popote.test', name: 'Léa' };

const letter = (seq: number, durable: string) => ({
  seq,
  durable,
  subject: 'evt.ordering.order-placed.v1.3',
  original_seq: 40 + seq,
  type: 'evt.ordering.order-placed.v1',
  event_id: `e${seq}`,
  reason: 'the database is down',
  at: '2026-12-07T08:00:00.000Z',
});

type Answer = (payload: Record<string, unknown>) => unknown;

/** An RpcClient answering by subject, and what was asked, in order (a subject without an answer: no service answers). */
function fakeRpc(answers: Record<string, Answer>) {
  const calls: { subject: string; payload: Record<string, unknown>; timeoutMs?: number }[] = [];
  const rpc = {
    call: async (contract: RpcContract<unknown, unknown>, payload: Record<string, unknown>, options: { timeoutMs?: number } = {}) => {
      calls.push({ subject: contract.subject, payload, ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) });
      const answer = answers[contract.subject];
      if (!answer) throw new DomainError('UNAVAILABLE', 'Service momentanément indisponible, veuillez réessayer');
      return answer(payload);
    },
  };
  return { rpc: rpc as unknown as RpcClient, calls };
}

const stillOperator = { [OperatorRpc.audit.subject]: () => ({ entries: [], next_before: null }) };

describe('DeadLettersResolver', () => {
  it('asks the six services, and says which did not answer instead of failing the page', async () => {
    const { rpc, calls } = fakeRpc({
      ...stillOperator,
      'rpc.cart.dead-letters': () => ({ letters: [letter(3, 'cart-OrderPlaced')], more: false }),
      'rpc.ordering.dead-letters': () => {
        throw new DomainError('INTERNAL', 'Une erreur est survenue');
      },
      ...Object.fromEntries(
        ['identity', 'catalogue', 'notifications'].map((s) => [`rpc.${s}.dead-letters`, () => ({ letters: [], more: false })]),
      ),
    });
    const page = await new DeadLettersResolver(rpc).deadLetters(operator);
    expect(page.map((s) => [s.service, s.available, s.letters.length])).toEqual([
      ['identity', true, 0],
      ['catalogue', true, 0],
      ['cart', true, 1],
      ['ordering', false, 0],
      ['payments', false, 0],
      ['notifications', true, 0],
    ]);
    expect(page.find((s) => s.service === 'payments')!.error).toBe(
      'Le service payments n’a pas répondu : ses lettres mortes ne sont pas connues.',
    );
    expect(page.find((s) => s.service === 'ordering')!.error).toBe('Le service ordering n’a pas pu lire ses lettres mortes.');
    expect(page.find((s) => s.service === 'cart')!.letters[0]).toEqual(letter(3, 'cart-OrderPlaced'));
    // Identity is asked whether the operator still is one, with the services.
    expect(calls[0]).toEqual({ subject: OperatorRpc.audit.subject, payload: { operator_id: 'op_1', limit: 1 } });
  });

  it('shows nothing to an operator identity no longer knows (disabled)', async () => {
    const { rpc } = fakeRpc({
      [OperatorRpc.audit.subject]: () => {
        throw new DomainError('FORBIDDEN', 'Votre session d’opérateur a expiré : reconnectez-vous');
      },
      'rpc.cart.dead-letters': () => ({ letters: [letter(3, 'cart-OrderPlaced')], more: false }),
    });
    await expect(new DeadLettersResolver(rpc).deadLetters(operator)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('writes the replay to the audit log, with the reason, before asking the service', async () => {
    const { rpc, calls } = fakeRpc({
      [OperatorRpc.recordAudit.subject]: () => ({ entry_id: 'a1' }),
      'rpc.cart.replay-dead-letter': () => ({ outcome: 'refused', why: 'Son contenu diffère de EVENTS n° 43.' }),
    });
    const answer = await new DeadLettersResolver(rpc).replayDeadLetter(operator, 'cart', 3, 'Base de données rétablie');
    expect(answer).toEqual({ outcome: 'refused', why: 'Son contenu diffère de EVENTS n° 43.' });
    expect(calls).toEqual([
      {
        subject: 'rpc.identity.operator-record-audit',
        payload: { operator_id: 'op_1', action: 'dead-letter.replay', target: 'dead-letter:cart#3', reason: 'Base de données rétablie' },
      },
      { subject: 'rpc.cart.replay-dead-letter', payload: { seq: 3 }, timeoutMs: 30_000 },
    ]);
  });

  it('does not replay what the audit log could not record (fail closed)', async () => {
    const { rpc, calls } = fakeRpc({
      'rpc.cart.replay-dead-letter': () => ({ outcome: 'replayed', why: null }),
    });
    await expect(new DeadLettersResolver(rpc).replayDeadLetter(operator, 'cart', 3, 'Réparé')).rejects.toMatchObject({
      code: 'UNAVAILABLE',
    });
    expect(calls.map((c) => c.subject)).toEqual(['rpc.identity.operator-record-audit']);
  });

  it('refuses an empty reason or a sequence that is none, before writing or asking anything', async () => {
    const { rpc, calls } = fakeRpc({});
    const resolver = new DeadLettersResolver(rpc);
    await expect(resolver.replayDeadLetter(operator, 'cart', 3, '   ')).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { reason: 'Le motif est obligatoire (il est écrit dans le journal)' },
    });
    await expect(resolver.replayDeadLetter(operator, 'cart', 1.5, 'Réparé')).rejects.toBeInstanceOf(ZodError);
    await expect(resolver.replayDeadLetter(operator, 'cart', 0, 'Réparé')).rejects.toBeInstanceOf(ZodError);
    expect(calls).toEqual([]);
  });
});
