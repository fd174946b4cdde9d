import { describe, expect, it } from 'vitest';
import { digestEmail, newOrderPush, openedText, orderStatusPush } from './alert-texts';
import { parisDayAndHour } from './digest.service';
import { outcomeOf, pushRetryDelayMs } from './push-sender.service';
import { readUnsubscribeToken, unsubscribeKey, unsubscribeToken } from './unsubscribe-token';

const key = unsubscribeKey({ VAPID_PRIVATE_KEY: 'QokBgPDfIqnYucgESiXKPD6ip1f__LtDBGDu7SB-9Qg', ALERT_UNSUBSCRIBE_SECRET: undefined });

describe('unsubscribe tokens', () => {
  it('name the person and the kinds, and are read back', () => {
    const token = unsubscribeToken(key, 'user-42', ['new_dish', 'back_in_stock']);
    expect(readUnsubscribeToken(key, token)).toEqual({ userId: 'user-42', kinds: ['new_dish', 'back_in_stock'] });
  });

  it('are refused when tampered with, cut, signed by another key or naming a kind that has no email', () => {
    const token = unsubscribeToken(key, 'user-42', ['new_dish']);
    const [user, kinds, mac] = token.split('.') as [string, string, string];
    const other = Buffer.from('user-43').toString('base64url');
    expect(readUnsubscribeToken(key, `${other}.${kinds}.${mac}`)).toBeNull();
    expect(readUnsubscribeToken(key, `${user}.new_dish-new_slots.${mac}`)).toBeNull();
    expect(readUnsubscribeToken(key, `${user}.${kinds}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(readUnsubscribeToken(key, `${user}.${kinds}`)).toBeNull();
    const elsewhere = unsubscribeKey({
      VAPID_PRIVATE_KEY: 'QokBgPDfIqnYucgESiXKPD6ip1f__LtDBGDu7SB-9Qg',
      ALERT_UNSUBSCRIBE_SECRET: 'x'.repeat(32),
    });
    expect(readUnsubscribeToken(elsewhere, token)).toBeNull();
    const orders = unsubscribeToken(key, 'user-42', ['order_updates' as never]);
    expect(readUnsubscribeToken(key, orders)).toBeNull();
  });
});

describe('push outcomes', () => {
  it('2xx sent, 404/410 gone, 429 and 5xx retried (Retry-After kept), other 4xx refused', () => {
    expect(outcomeOf(201, null)).toEqual({ kind: 'sent' });
    expect(outcomeOf(410, null)).toEqual({ kind: 'gone', status: 410 });
    expect(outcomeOf(404, null)).toEqual({ kind: 'gone', status: 404 });
    expect(outcomeOf(503, '30')).toMatchObject({ kind: 'retry', retryAfter: 30 });
    expect(outcomeOf(429, null)).toMatchObject({ kind: 'retry' });
    expect(outcomeOf(403, null)).toMatchObject({ kind: 'refused' });
    expect(outcomeOf(413, null)).toMatchObject({ kind: 'refused' });
  });

  it('backs off 5 s, 10 s, 20 s… up to 10 minutes, or longer if the service asks', () => {
    expect([1, 2, 3, 20].map((n) => pushRetryDelayMs(n))).toEqual([5_000, 10_000, 20_000, 600_000]);
    expect(pushRetryDelayMs(1, 120)).toBe(120_000);
  });
});

describe('texts', () => {
  it('say what a cook opened in French', () => {
    expect(openedText([2], [])).toBe('le mardi');
    expect(openedText([2, 6], ['2026-12-24'])).toBe('le mardi, le samedi et le jeudi 24 décembre');
  });

  it('the ready push names the slot and the place; the cook’s push the portions', () => {
    const ready = orderStatusPush(
      'order-abcdef12',
      'ready',
      { start: '2026-12-01T17:00:00.000Z', end: '2026-12-01T17:30:00.000Z' },
      { street: '3 rue des Lilas', postcode: '69001', city: 'Lyon' },
    );
    expect(ready).toEqual({
      title: 'Votre commande est prête à être retirée !',
      body: 'Commande n° abcdef12. Retrait mardi 1 décembre, 18:00–18:30 au 3 rue des Lilas, 69001 Lyon.',
      url: '/orders',
      tag: 'order-order-abcdef12',
    });
    expect(orderStatusPush('o', 'preparing', null, null)).toBeNull();
    // A delivery on its way: the slot, never an address (ADR 0044).
    expect(
      orderStatusPush('order-abcdef12', 'ready', { start: '2026-12-01T17:00:00.000Z', end: '2026-12-01T17:30:00.000Z' }, null, 'delivery'),
    ).toMatchObject({
      title: 'Votre commande est en route !',
      body: 'Commande n° abcdef12. Le cuisinier vous l’apporte mardi 1 décembre, 18:00–18:30.',
    });
    expect(newOrderPush('order-abcdef12', 3, 3600, null).body).toBe('3 portions · 36,00\u00a0€.');
  });

  it('the digest lists its lines by section, with a link each and an unsubscribe link per kind', () => {
    const mail = digestEmail(
      'Claire',
      [
        { kind: 'back_in_stock', title: 'De nouveau disponible : Couscous', body: 'b', url: 'https://x/meals/2' },
        { kind: 'new_dish', title: 'Nouveau plat de amina', body: 'Tajine est disponible sur Popote.', url: 'https://x/meals/1' },
      ],
      { unsubscribe: { new_dish: 'https://x/u1', back_in_stock: 'https://x/u2' }, profile: 'https://x/profile' },
    );
    expect(mail.subject).toBe('Popote : 2 nouveautés pour vous');
    expect(mail.text.indexOf('Nouveaux plats de vos cuisiniers')).toBeLessThan(
      mail.text.indexOf('Vos plats favoris de nouveau disponibles'),
    );
    expect(mail.text).toContain('- Nouveau plat de amina : Tajine est disponible sur Popote.\n  https://x/meals/1');
    expect(mail.text).toContain('- nouveaux plats de mes cuisiniers : https://x/u1');
    expect(mail.text).toContain('- mes plats favoris de nouveau disponibles : https://x/u2');
  });

  it('days and hours are Paris ones', () => {
    expect(parisDayAndHour(new Date('2026-12-01T23:30:00Z'))).toEqual({ day: '2026-12-02', hour: 0 });
    expect(parisDayAndHour(new Date('2026-07-01T16:00:00Z'))).toEqual({ day: '2026-07-01', hour: 18 });
  });
});
