/**
 * The server-inlined first paint (`#pp-first-paint`, written into index.html by the shell's
 * server for /meals: see @popote/static-server/meals-first-paint.mjs) stays on screen while the real page loads under
 * it (hidden by the first paint's own style), and goes the moment the real page has something to
 * show: its cards, or an error, a notice... — not its loading spinner, so the visitor sees one
 * swap to the same look instead of cards → spinner → cards.
 *
 * Also released: when the page being shown is not the one it was rendered for (a page the
 * service worker served from its offline copy), and after `maxWaitMs` whatever happened (the
 * real page then shows its own loading state).
 */
export const FIRST_PAINT_ID = 'pp-first-paint';
const FIRST_PAINT_STYLE_ID = 'pp-first-paint-style';

/**
 * What the real page shows once it has its content: the cards, or an error or a notice (@popote/ui's
 * Notice carries `data-pp-notice`). Not any paragraph: the 'Où êtes-vous ?' prompt shows beside the
 * loading spinner, and releasing on it showed the spinner in place of the first paint's cards.
 */
const PAGE_READY = 'main article, main [role="alert"], main [data-pp-notice]';

export function releaseFirstPaintWhenReady(doc: Document, pathname: string, maxWaitMs = 15_000): void {
  const paint = doc.getElementById(FIRST_PAINT_ID);
  const root = doc.getElementById('root');
  if (!paint) return;
  const current = pathname.replace(/\/+$/, '') || '/';
  const remove = () => {
    paint.remove();
    doc.getElementById(FIRST_PAINT_STYLE_ID)?.remove();
  };
  if (!root || paint.dataset.path !== current) {
    remove();
    return;
  }
  const release = () => {
    observer.disconnect();
    clearTimeout(timer);
    remove();
  };
  const observer = new MutationObserver(() => {
    if (root.querySelector(PAGE_READY)) release();
  });
  const timer = setTimeout(release, maxWaitMs);
  observer.observe(root, { childList: true, subtree: true });
  if (root.querySelector(PAGE_READY)) release();
}
