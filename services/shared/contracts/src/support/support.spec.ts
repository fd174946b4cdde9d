import { describe, expect, it } from 'vitest';
import { ID_MESSAGES } from '../shared/ids';
import { orderNumberField, SUPPORT_MESSAGES, SupportRpc } from './support';

const ID = 'a3f1c9e07b2d4e6f8a9b0c1d'; // orderIdOf: sha256 hex, 24

describe('support contracts', () => {
  it('reads an order number as the buyer shows it, or the whole id, whatever the case or the words pasted with it', () => {
    for (const typed of ['8a9b0c1d', '8A9B0C1D', ' 8a9b0c1d ', 'Commande n° 8a9b0c1d', '#8a9b0c1d', 'n°8A9B0C1D'])
      expect(orderNumberField.parse(typed)).toBe('8a9b0c1d');
    expect(orderNumberField.parse(ID.toUpperCase())).toBe(ID);
    for (const wrong of ['8a9b0c1', '8a9b0c1d0', 'zzzzzzzz', `${ID}0`, '', 'Commande'])
      expect(orderNumberField.safeParse(wrong).error?.issues[0]?.message).toBe(SUPPORT_MESSAGES.orderNumberInvalid);
  });

  it('finds orders by exactly one criterion, said in French otherwise', () => {
    const request = SupportRpc.findOrders.request;
    expect(request.parse({ order_number: 'Commande n° 8A9B0C1D' })).toEqual({ order_number: '8a9b0c1d' });
    expect(request.parse({ consumer_id: 'demo-consumer-claire' })).toEqual({ consumer_id: 'demo-consumer-claire' });
    expect(request.parse({ cook_id: 'demo-cook-amina' })).toEqual({ cook_id: 'demo-cook-amina' });
    expect(request.parse({ order_number: null, consumer_id: 'a', cook_id: null })).toMatchObject({ consumer_id: 'a' });
    for (const wrong of [{}, { cook_id: null }, { consumer_id: 'a', cook_id: 'b' }, { order_number: '8a9b0c1d', consumer_id: 'a' }])
      expect(request.safeParse(wrong).error?.issues.map((i) => i.message)).toEqual([SUPPORT_MESSAGES.oneCriterion]);
    expect(request.safeParse({ cook_id: '../etc' }).error?.issues[0]?.message).toBe(ID_MESSAGES.invalid);
  });

  it('looks a person up by their address as sign-up stores it (trimmed, lower case)', () => {
    expect(SupportRpc.findUser.request.parse({ email: '  Claire@Popote.TEST ' })).toEqual({ email: 'claire@popote.test' });
    expect(SupportRpc.findUser.request.safeParse({ email: 'claire' }).error?.issues[0]?.message).toBe(SUPPORT_MESSAGES.emailInvalid);
  });

  it('sends an email again for a request of the console (its id, 8 to 64 characters)', () => {
    const ok = { email_id: 'evt-1:demo-consumer-claire', operator_id: 'op-1', request_id: 'req-12345678' };
    expect(SupportRpc.resendEmail.request.parse(ok)).toEqual(ok);
    expect(SupportRpc.resendEmail.request.safeParse({ ...ok, request_id: 'short' }).success).toBe(false);
  });
});
