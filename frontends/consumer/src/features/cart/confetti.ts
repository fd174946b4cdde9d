import confetti from 'canvas-confetti';

/** Spec §9: the add-to-cart confetti lasts 3 s. */
export const ADD_TO_CART_CONFETTI_MS = 3000;

const FIRST_ADD_KEY = 'popote:first-add-done';

/** Bursts from both sides for `durationMs` (nothing for people who prefer reduced motion). */
export function celebrate(durationMs: number): void {
  const end = Date.now() + durationMs;
  const colors = ['#c4501f', '#f2b441', '#3f6b47', '#fde4d4'];
  const frame = () => {
    void confetti({ particleCount: 4, angle: 60, spread: 60, origin: { x: 0, y: 0.7 }, colors, disableForReducedMotion: true });
    void confetti({ particleCount: 4, angle: 120, spread: 60, origin: { x: 1, y: 0.7 }, colors, disableForReducedMotion: true });
    if (Date.now() < end) requestAnimationFrame(frame);
  };
  frame();
}

/** Spec §2: the first add to cart ever (in this browser) triggers confetti. */
export function celebrateFirstAdd(): void {
  try {
    if (localStorage.getItem(FIRST_ADD_KEY)) return;
    localStorage.setItem(FIRST_ADD_KEY, new Date().toISOString());
  } catch {
    // Storage refused (private mode...): celebrate anyway, once per page.
    if (celebratedThisPage) return;
  }
  celebratedThisPage = true;
  celebrate(ADD_TO_CART_CONFETTI_MS);
}

let celebratedThisPage = false;
