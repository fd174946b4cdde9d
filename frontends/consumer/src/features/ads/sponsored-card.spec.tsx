// @vitest-environment jsdom
import { AD_TEXTS, ADS } from '@popote/rules';
import { renderWithBff, settle, useReactTestRoot, type SentOperation } from '@popote/ui/testing';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SponsoredCard } from './sponsored-card';
import { CAMPAIGN_ID, sponsoredAnswer } from './sponsored-fixtures';

const dom = useReactTestRoot();

/** IntersectionObserver, driven by the test: `show(ratio)` reports that share of every observed element on screen. */
class FakeObserver {
  static live: FakeObserver[] = [];
  readonly targets: Element[] = [];
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.live.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  unobserve() {}
  disconnect() {
    FakeObserver.live = FakeObserver.live.filter((o) => o !== this);
  }
  takeRecords() {
    return [];
  }
}

const show = (ratio: number) =>
  act(() => {
    for (const observer of [...FakeObserver.live]) {
      const entries = observer.targets.map((target) => ({ target, isIntersecting: ratio > 0, intersectionRatio: ratio }));
      observer.callback(entries as unknown as IntersectionObserverEntry[], observer as unknown as IntersectionObserver);
    }
  });
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** Real timers again, then whatever was started (a request) runs to its end. */
const finish = async () => {
  vi.useRealTimers();
  await settle();
};

const answer = (op: SentOperation) => {
  if (op.operationName === 'Me') return { me: null };
  if (op.operationName === 'RecordSponsoredDisplay') return { recordSponsoredDisplay: true };
  if (op.operationName === 'RecordSponsoredClick') return { recordSponsoredClick: true };
  throw new Error(`unexpected ${op.operationName}`);
};
const mount = (portions = 4) => renderWithBff(dom, <SponsoredCard sponsored={sponsoredAnswer(portions)} />, answer);
const named = (sent: SentOperation[], name: string) => sent.filter((op) => op.operationName === name).map((op) => op.variables);
const link = () => dom.container.querySelector<HTMLAnchorElement>('article a')!;
const whyButton = () => [...dom.container.querySelectorAll('button')].find((b) => b.textContent === AD_TEXTS.why)!;

beforeEach(() => {
  FakeObserver.live = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  window.history.replaceState(null, '', '/meals');
});
afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(document, 'visibilityState');
});

describe('the sponsored card', () => {
  it("looks like a meal card, with a visible 'Sponsorisé' label describing its link", async () => {
    await mount();
    const article = dom.container.querySelector('article')!;
    expect(article.querySelector('h2')?.textContent).toBe('Couscous de Amina');
    expect(link().getAttribute('href')).toBe('/meals/meal-sponso');
    expect(article.textContent).toContain('Ajouter au panier');
    const label = document.getElementById(link().getAttribute('aria-describedby')!)!;
    expect(label.textContent).toBe('Sponsorisé');
    expect(label.textContent).toBe(AD_TEXTS.label);
    // Readable text, not hidden from anyone.
    expect(label.closest('[aria-hidden="true"], [hidden], .pp-visually-hidden')).toBeNull();
    expect(article.contains(label)).toBe(true);
  });

  it("'Pourquoi ce plat ?' shows and hides the explanation (aria-expanded, aria-controls); Escape closes it", async () => {
    await mount();
    const button = whyButton();
    const explanation = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(explanation.textContent).toBe(AD_TEXTS.explanation('Chez Amina'));
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(explanation.hidden).toBe(true);

    await act(async () => button.click());
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(explanation.hidden).toBe(false);
    await act(async () => button.click());
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(explanation.hidden).toBe(true);

    await act(async () => button.click());
    explanation.tabIndex = -1;
    explanation.focus();
    await act(async () => explanation.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(explanation.hidden).toBe(true);
    expect(document.activeElement).toBe(button);
  });

  it('is not shown sold out', async () => {
    const sent = await mount(0);
    expect(dom.container.querySelector('article, [data-testid="sponsored-card"]')).toBeNull();
    expect(dom.container.textContent).not.toContain('Couscous');
    expect(FakeObserver.live).toEqual([]);
    expect(sent.map((op) => op.operationName)).not.toContain('RecordSponsoredDisplay');
  });

  it('opening it reports the click without holding the navigation back', async () => {
    const sent = await mount();
    await act(async () => link().click());
    // Navigated at once, before any answer.
    expect(window.location.pathname).toBe('/meals/meal-sponso');
    await settle();
    expect(named(sent, 'RecordSponsoredClick')).toEqual([{ campaign_id: CAMPAIGN_ID }]);
    expect(named(sent, 'RecordSponsoredDisplay')).toEqual([]);
  });
});

describe("the sponsored card's display", () => {
  it('is reported once, after half of the card was on screen for a second without a break', async () => {
    const sent = await mount();
    expect(FakeObserver.live[0]?.options?.threshold).toBe(0.5);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await show(0.6);
    await wait(ADS.visibleMs - 1);
    expect(named(sent, 'RecordSponsoredDisplay')).toEqual([]);
    await wait(1);
    // Shown again later, and again: still the one report of this card.
    await show(0);
    await show(1);
    await wait(ADS.visibleMs * 3);
    await finish();
    expect(named(sent, 'RecordSponsoredDisplay')).toEqual([{ campaign_id: CAMPAIGN_ID }]);
  });

  it('is not reported when the card leaves the screen before the second, nor under half on screen', async () => {
    const sent = await mount();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await show(1);
    await wait(ADS.visibleMs - 100);
    await show(0);
    await wait(ADS.visibleMs * 3);
    await show(0.4);
    await wait(ADS.visibleMs * 3);
    // Back on screen: the count starts over.
    await show(0.5);
    await wait(ADS.visibleMs - 1);
    await finish();
    expect(named(sent, 'RecordSponsoredDisplay')).toEqual([]);
  });

  it('does not count while the tab is in the background', async () => {
    const sent = await mount();
    let state: DocumentVisibilityState = 'visible';
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await show(1);
    await wait(ADS.visibleMs / 2);
    state = 'hidden';
    await act(() => document.dispatchEvent(new Event('visibilitychange')));
    await wait(ADS.visibleMs * 3);
    // Scrolled while in the background (the observer still reports): no count either.
    await show(0);
    await show(1);
    await wait(ADS.visibleMs * 3);
    expect(named(sent, 'RecordSponsoredDisplay')).toEqual([]);
    state = 'visible';
    await act(() => document.dispatchEvent(new Event('visibilitychange')));
    await wait(ADS.visibleMs);
    await finish();
    expect(named(sent, 'RecordSponsoredDisplay')).toEqual([{ campaign_id: CAMPAIGN_ID }]);
  });

  it('is never reported where IntersectionObserver is missing', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const sent = await mount();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await wait(ADS.visibleMs * 5);
    await finish();
    expect(dom.container.querySelector('article')).not.toBeNull();
    expect(named(sent, 'RecordSponsoredDisplay')).toEqual([]);
  });
});
