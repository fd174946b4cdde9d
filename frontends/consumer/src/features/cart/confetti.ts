import confetti from 'canvas-confetti';

/** Spec §9: the add-to-cart confetti lasts 3 s. */
export const ADD_TO_CART_CONFETTI_MS = 3000;

const FIRST_ADD_KEY = 'popote:first-add-done';
const COLORS = ['#c4501f', '#f2b441', '#3f6b47', '#fde4d4'];

let instance: confetti.CreateTypes | null = null;

/**
 * One confetti canvas for the page, hidden from assistive technologies (pure decoration),
 * over everything and letting clicks through. Nothing for people who prefer reduced motion.
 */
function shoot(options: confetti.Options): void {
  if (!instance) {
    const canvas = document.createElement('canvas');
    canvas.setAttribute('aria-hidden', 'true');
    Object.assign(canvas.style, {
      position: 'fixed',
      inset: '0',
      width: '100%',
      height: '100%',
      pointerEvents: 'none',
      zIndex: '10000',
    });
    document.body.appendChild(canvas);
    instance = confetti.create(canvas, { resize: true, disableForReducedMotion: true });
  }
  void instance({ colors: COLORS, ...options });
}

/** Spec §9: a burst of 100 pieces (the cart's way to the checkout). */
export function burst(): void {
  shoot({ particleCount: 100, spread: 75, origin: { y: 0.6 } });
}

/** Bursts from both sides for `durationMs`. */
export function celebrate(durationMs: number): void {
  const end = Date.now() + durationMs;
  const frame = () => {
    shoot({ particleCount: 4, angle: 60, spread: 60, origin: { x: 0, y: 0.7 } });
    shoot({ particleCount: 4, angle: 120, spread: 60, origin: { x: 1, y: 0.7 } });
    if (Date.now() < end) requestAnimationFrame(frame);
  };
  frame();
}

let celebratedThisPage = false;

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
