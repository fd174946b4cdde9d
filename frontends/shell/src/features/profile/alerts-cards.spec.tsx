// @vitest-environment jsdom
import { ALERT_KIND_LABELS } from '@popote/rules';
import { renderWithBff, settle, useReactTestRoot, type SentOperation } from '@popote/ui/testing';
import { act, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AlertsCard } from './alerts-card';
import { FollowedCooksCard } from './followed-cooks-card';

const dom = useReactTestRoot();
const mount = (ui: ReactNode, answer: (op: SentOperation) => unknown) => renderWithBff(dom, ui, answer);
const click = async (element: Element) => {
  await act(async () => (element as HTMLElement).click());
  await settle();
};
const button = (name: string) =>
  [...dom.container.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent) === name);
const box = (name: string) => dom.container.querySelector<HTMLInputElement>(`input[type="checkbox"][aria-label="${name}"]`);

const channels = (email: boolean, push: boolean) => ({ __typename: 'AlertChannels', email, push });
const settings = (newDishEmail: boolean, devices = 1) => ({
  __typename: 'AlertSettings',
  push_devices: devices,
  preferences: {
    __typename: 'AlertPreferences',
    new_dish: channels(newDishEmail, true),
    new_slots: channels(true, true),
    back_in_stock: channels(true, false),
    order_updates: { __typename: 'OrderAlertChannels', push: true },
  },
});

describe("the profile's 'Alertes' card", () => {
  it('a box per kind and channel, the order emails always sent; a change saved as a whole and confirmed', async () => {
    let saved = settings(true);
    const sent = await mount(<AlertsCard />, (op) => {
      if (op.operationName === 'UpdateAlertPreferences') {
        const input = op.variables['input'] as { new_dish: { email: boolean } };
        saved = settings(input.new_dish.email);
        return { updateAlertPreferences: saved };
      }
      return { alertPreferences: saved };
    });
    const rows = [...dom.container.querySelectorAll('tbody tr')].map((row) => row.querySelector('th')?.textContent);
    expect(rows).toEqual([
      ALERT_KIND_LABELS.new_dish,
      ALERT_KIND_LABELS.new_slots,
      ALERT_KIND_LABELS.back_in_stock,
      ALERT_KIND_LABELS.order_updates,
    ]);
    expect(box(`Email : ${ALERT_KIND_LABELS.new_dish}`)?.checked).toBe(true);
    expect(box(`Notification : ${ALERT_KIND_LABELS.back_in_stock}`)?.checked).toBe(false);
    expect(box(`Email : ${ALERT_KIND_LABELS.order_updates}`)).toBeNull();
    expect(dom.container.querySelector('tbody tr:last-child')?.textContent).toContain('Toujours envoyé');
    expect(dom.container.querySelector('[data-testid="push-devices"]')?.textContent).toBe('Un appareil reçoit vos notifications.');

    await click(box(`Email : ${ALERT_KIND_LABELS.new_dish}`)!);
    expect(box(`Email : ${ALERT_KIND_LABELS.new_dish}`)?.checked).toBe(false);
    await click(button('Enregistrer les préférences')!);
    expect(sent.find((op) => op.operationName === 'UpdateAlertPreferences')?.variables).toEqual({
      input: {
        new_dish: { email: false, push: true },
        new_slots: { email: true, push: true },
        back_in_stock: { email: true, push: false },
        order_updates: { push: true },
      },
    });
    expect(document.body.textContent).toContain('Préférences enregistrées.');
    expect(box(`Email : ${ALERT_KIND_LABELS.new_dish}`)?.checked).toBe(false);
  });

  it('a browser without Web Push says so and offers no button', async () => {
    await mount(<AlertsCard />, () => ({ alertPreferences: settings(true, 0) }));
    expect(dom.container.textContent).toContain('Ce navigateur ne peut pas recevoir de notifications.');
    expect(button('Recevoir les notifications sur cet appareil')).toBeUndefined();
  });

  it('a browser with Web Push offers to receive them here: the click is the moment the browser is asked', async () => {
    const requestPermission = vi.fn(async () => 'default');
    vi.stubGlobal('Notification', { permission: 'default', requestPermission });
    vi.stubGlobal('PushManager', function PushManager() {});
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { ready: new Promise(() => {}), getRegistration: async () => undefined },
    });
    try {
      await mount(<AlertsCard />, () => ({ alertPreferences: settings(true, 0) }));
      expect(dom.container.textContent).toContain('Cet appareil ne reçoit pas vos notifications.');
      expect(dom.container.textContent).toContain('Aucun appareil ne reçoit vos notifications.');
      expect(requestPermission).not.toHaveBeenCalled();
      // Closing the browser's question without an answer changes nothing.
      await click(button('Recevoir les notifications sur cet appareil')!);
      expect(requestPermission).toHaveBeenCalledTimes(1);
      expect(document.body.textContent).toContain('Notifications non activées.');
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
  });
});

describe("the profile's 'Mes cuisiniers' card", () => {
  const followed = (cook_id: string, name: string) => ({
    __typename: 'FollowedCook',
    followed_at: '2026-11-02T10:00:00.000Z',
    cook: { __typename: 'Cook', cook_id, username: name.toLowerCase(), name, avatar_url: null, location: 'Lyon' },
  });

  it("lists the cooks followed, each with 'Ne plus suivre', which takes it off the list", async () => {
    const sent = await mount(<FollowedCooksCard />, (op) => {
      if (op.operationName === 'UnfollowCook')
        return { followCook: { __typename: 'CookFollow', cook_id: op.variables['cook_id'], following: false, followers: 0 } };
      return { followedCooks: [followed('cook-amina', 'Amina'), followed('cook-mei', 'Mei')] };
    });
    const names = () => [...dom.container.querySelectorAll('li a')].map((a) => a.textContent);
    expect(names()).toEqual(['Amina', 'Mei']);
    expect(dom.container.querySelector('li a')?.getAttribute('href')).toBe('/cook/cook-amina');
    expect(dom.container.textContent).toContain('Suivi depuis le 2 novembre 2026');
    await click(button('Ne plus suivre Amina')!);
    expect(sent.find((op) => op.operationName === 'UnfollowCook')?.variables).toEqual({ cook_id: 'cook-amina' });
    expect(names()).toEqual(['Mei']);
    expect(document.body.textContent).toContain('Vous ne suivez plus Amina.');
  });

  it('says when nobody is followed yet, with a way to the dishes', async () => {
    await mount(<FollowedCooksCard />, () => ({ followedCooks: [] }));
    expect(dom.container.textContent).toContain('Vous ne suivez encore aucun cuisinier.');
    expect(dom.container.querySelector('a')?.getAttribute('href')).toBe('/meals');
  });
});
