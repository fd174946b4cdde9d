// @ts-check
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

// The service worker's push handlers (public/sw-push.js, a plain script imported by sw.js), run
// here in a worker-like global; the browser's own push delivery is driven in e2e/tests/push.e2e.ts.
const SOURCE = readFileSync(new URL('./public/sw-push.js', import.meta.url), 'utf8');
const ORIGIN = 'https://popote.example.org';

/**
 * @typedef {{ url: string; focused?: boolean; focus(): Promise<WindowClient>; navigate(url: string): Promise<WindowClient> }} WindowClient
 */

/** A worker-like global running the script, its windows `windows`. */
function worker(/** @type {WindowClient[]} */ windows = []) {
  /** @type {Record<string, (event: any) => void>} */
  const listeners = {};
  /** @type {{ title: string; options: Record<string, unknown> }[]} */
  const shown = [];
  /** @type {string[]} */
  const opened = [];
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (/** @type {string} */ type, /** @type {(event: any) => void} */ fn) => (listeners[type] = fn),
    registration: {
      showNotification: async (/** @type {string} */ title, /** @type {Record<string, unknown>} */ options) =>
        void shown.push({ title, options }),
    },
    clients: {
      matchAll: async () => windows,
      openWindow: async (/** @type {string} */ url) => (opened.push(url), null),
    },
  };
  runInNewContext(SOURCE, { self, URL });
  const dispatch = async (/** @type {string} */ type, /** @type {object} */ event) => {
    /** @type {Promise<unknown>[]} */
    const pending = [];
    listeners[type]?.({ ...event, waitUntil: (/** @type {Promise<unknown>} */ p) => pending.push(p) });
    await Promise.all(pending);
  };
  const push = (/** @type {string | null} */ payload) =>
    dispatch('push', {
      data: payload === null ? null : { json: () => JSON.parse(payload), text: () => payload },
    });
  const click = (/** @type {unknown} */ url) => {
    const notification = { data: { url }, closed: false, close: () => (notification.closed = true) };
    return dispatch('notificationclick', { notification }).then(() => notification);
  };
  return { shown, opened, push, click };
}

/** @returns {WindowClient} */
const tab = (/** @type {string} */ url) => {
  /** @type {WindowClient} */
  const client = {
    url,
    focus: async () => ((client.focused = true), client),
    navigate: async (to) => ((client.url = to), client),
  };
  return client;
};

describe('the service worker’s push handlers (public/sw-push.js)', () => {
  it('shows a push { title, body, url, tag } as a notification that knows its page (absolute, this origin)', async () => {
    const w = worker();
    await w.push(JSON.stringify({ title: 'Amina a publié un plat', body: 'Tajine aux pruneaux', url: '/meals/m-1', tag: 'new-dish:m-1' }));
    expect(w.shown).toEqual([
      {
        title: 'Amina a publié un plat',
        options: expect.objectContaining({
          body: 'Tajine aux pruneaux',
          tag: 'new-dish:m-1',
          renotify: true,
          lang: 'fr',
          data: { url: `${ORIGIN}/meals/m-1` },
        }),
      },
    ]);
  });

  it('never points a notification elsewhere: a url of another origin opens the home page; a push that is not JSON is its body', async () => {
    const w = worker();
    await w.push(JSON.stringify({ title: 'Hameçon', body: 'x', url: 'https://ailleurs.example/piège' }));
    await w.push('Votre commande est prête à être retirée !');
    expect(w.shown[0]?.options['data']).toEqual({ url: `${ORIGIN}/` });
    expect(w.shown[1]).toEqual({
      title: 'Popote',
      options: expect.objectContaining({ body: 'Votre commande est prête à être retirée !', data: { url: `${ORIGIN}/` } }),
    });
    expect(w.shown[1]?.options).not.toHaveProperty('tag');
  });

  it('a click closes the notification and focuses the tab already on its page', async () => {
    const there = tab(`${ORIGIN}/orders`);
    const other = tab(`${ORIGIN}/meals`);
    const w = worker([other, there]);
    const notification = await w.click(`${ORIGIN}/orders`);
    expect(notification.closed).toBe(true);
    expect([there.focused, other.focused, other.url, w.opened]).toEqual([true, undefined, `${ORIGIN}/meals`, []]);
  });

  it("a click sends an open tab of the app to the page, or opens a window when none is open (never another origin's)", async () => {
    const open = tab(`${ORIGIN}/meals`);
    const foreign = tab('https://ailleurs.example/');
    const w = worker([foreign, open]);
    await w.click(`${ORIGIN}/meals/m-1`);
    expect([open.url, open.focused, foreign.url]).toEqual([`${ORIGIN}/meals/m-1`, true, 'https://ailleurs.example/']);

    const none = worker([]);
    await none.click('https://ailleurs.example/piège');
    expect(none.opened).toEqual([`${ORIGIN}/`]);
  });
});
