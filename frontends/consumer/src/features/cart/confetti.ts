import type confetti from 'canvas-confetti';

/** The add-to-cart confetti lasts 3 s. */
export const ADD_TO_CART_CONFETTI_MS = 3000;

const COLORS = ['#c4501f', '#f2b441', '#3f6b47', '#fde4d4'];

let instance: confetti.CreateTypes | null = null;
let loading: Promise<typeof confetti | null> | null = null;

/**
 * canvas-confetti is downloaded the first time a page celebrates, not with the page.
 * A failed download shoots nothing (decoration) and is tried again next time.
 */
function loadConfetti(): Promise<typeof confetti | null> {
  loading ??= import('canvas-confetti').then(
    (module) => module.default,
    () => {
      loading = null;
      return null;
    },
  );
  return loading;
}

/**
 * One confetti canvas for the page, hidden from assistive technologies (pure decoration),
 * over everything and letting clicks through. Nothing for people who prefer reduced motion.
 */
function shoot(create: typeof confetti, options: confetti.Options): void {
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
    instance = create.create(canvas, { resize: true, disableForReducedMotion: true });
  }
  void instance({ colors: COLORS, ...options });
}

/** A burst of 100 pieces (the cart's way to the checkout). */
export function burst(): void {
  void loadConfetti().then((create) => {
    if (create) shoot(create, { particleCount: 100, spread: 75, origin: { y: 0.6 } });
  });
}

/** Bursts from both sides for `durationMs`. */
export function celebrate(durationMs: number): void {
  void loadConfetti().then((create) => {
    if (!create) return;
    const end = Date.now() + durationMs;
    const frame = () => {
      shoot(create, { particleCount: 4, angle: 60, spread: 60, origin: { x: 0, y: 0.7 } });
      shoot(create, { particleCount: 4, angle: 120, spread: 60, origin: { x: 1, y: 0.7 } });
      if (Date.now() < end) requestAnimationFrame(frame);
    };
    frame();
  });
}

/** Where a visit remembers that it has already added to the cart. */
export interface VisitMemory {
  hasAdded(): boolean;
  rememberAdd(): void;
}

const VISIT_KEY = 'popote:added-this-visit';
let addedThisPage = false;

/**
 * A visit is the tab's session (sessionStorage): a reload stays in it, a new tab or a later
 * visit starts over. When storage is refused (private mode...), the page is the visit.
 */
export const sessionVisit: VisitMemory = {
  hasAdded() {
    try {
      return addedThisPage || sessionStorage.getItem(VISIT_KEY) !== null;
    } catch {
      return addedThisPage;
    }
  },
  rememberAdd() {
    addedThisPage = true;
    try {
      sessionStorage.setItem(VISIT_KEY, new Date().toISOString());
    } catch {
      // Remembered for this page only.
    }
  },
};

/** Whether the cart the server answered was empty before this add (its only line is what was just added). */
export function startsNewCart(cart: { items: { meal_id: string; quantity: number }[] }, mealId: string, added: number): boolean {
  return cart.items.length === 1 && cart.items[0]?.meal_id === mealId && cart.items[0].quantity === added;
}

/**
 * The first add triggers confetti: the first add of a visit, and the add that starts
 * a new cart (after an order or 'Vider le panier'). Records the add.
 */
export function isFirstAdd(startsCart: boolean, visit: VisitMemory = sessionVisit): boolean {
  const firstOfVisit = !visit.hasAdded();
  visit.rememberAdd();
  return firstOfVisit || startsCart;
}

/** Confetti (3 s) when this add is a first one (see isFirstAdd). */
export function celebrateFirstAdd(startsCart: boolean): void {
  if (isFirstAdd(startsCart)) celebrate(ADD_TO_CART_CONFETTI_MS);
}
