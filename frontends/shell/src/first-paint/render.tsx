/**
 * The server-rendered first paint of /meals (ADR 0015, 0028), built by the shell's build into
 * dist/.first-paint/ (render.mjs and its stylesheet render.css) and run by the shell's server
 * (@popote/static-server/meals-first-paint.mjs) with the BFF's first public meals. The cards are
 * @popote/ui's MealCard itself, rendered by react-dom/server: the same markup and stylesheet as
 * the real page's cards; the nav bar has the shell's own stylesheet, the texts are @popote/ui's.
 * No script: release.ts removes it once the real page shows its cards.
 */
import '@popote/ui/base.css';
import { fr } from '@popote/ui/fr';
import { MealCard, type MealCardMeal } from '@popote/ui/meal-card';
import { renderToStaticMarkup } from 'react-dom/server';
import nav from '../layout/nav-bar.module.css';
import './first-paint.css';

/** The pictures of the first rows load at once, the first two before anything else (the page's LCP), as on the real page. */
const EAGER_IMAGES = 4;
const HIGH_PRIORITY_IMAGES = 2;

/**
 * A picture URL the page may show: a path of this origin (/media/...) or an https URL; anything
 * else (javascript:, data:, protocol-relative...) is dropped, like a missing picture.
 */
export function safeImageUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  if (value.startsWith('/') && !value.startsWith('//') && !value.includes('\\')) return value;
  try {
    return new URL(value).protocol === 'https:' ? value : null;
  } catch {
    return null;
  }
}

function SearchIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
      <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The shell's nav bar (../layout/nav-bar.tsx, its own stylesheet) as it first shows, before it knows
 * who is signed in: the brand, the search (a plain GET form) and 'Parcourir les plats'. Its menu
 * button is only a picture of it (it opens nothing before the page's scripts), not shown without
 * JavaScript.
 */
function NavBarPicture() {
  return (
    <header className={nav.header}>
      <div className={nav.bar}>
        <a className={nav.brand} href="/">
          {fr.brand}
        </a>
        <span className={`${nav.menuButton} fp-menu`} aria-hidden="true">
          <span className={nav.menuIcon} />
          {fr.nav.menu}
        </span>
        <div className={nav.menu}>
          <form role="search" className={nav.search} action="/meals" method="get">
            <label htmlFor="fp-q" className="pp-visually-hidden">
              {fr.nav.searchLabel}
            </label>
            <input id="fp-q" type="search" name="q" placeholder={fr.nav.searchPlaceholder} autoComplete="off" enterKeyHint="search" />
            <button type="submit" className={nav.searchButton} aria-label={fr.nav.searchSubmit}>
              <SearchIcon />
            </button>
          </form>
          <nav aria-label={fr.nav.mainNavigation}>
            <ul className={nav.links}>
              <li>
                <a className={`${nav.link} ${nav.active}`} href="/meals" aria-current="page">
                  {fr.nav.browseMeals}
                </a>
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </header>
  );
}

/**
 * The place of the consumer page's 'Où êtes-vous ?' prompt (near-bar.tsx), so that the cards do not
 * move when the real page takes over. A visitor's commune is in their browser, so the server always
 * draws the prompt; it is only a picture of it (hidden from assistive technologies, and not shown
 * without JavaScript, where it could not work).
 */
function NearPromptPicture() {
  return (
    <section className="fp-near" aria-hidden="true">
      <h2 className="fp-near-title">{fr.near.prompt}</h2>
      <p className="fp-near-help">{fr.near.promptHelp}</p>
      <div className="fp-near-field">
        <span className="fp-near-label">{fr.near.label}</span>
        <span className="fp-near-box" />
      </div>
    </section>
  );
}

function MealsFirstPaint({ meals }: { meals: readonly MealCardMeal[] }) {
  return (
    <div id="pp-first-paint" data-path="/meals">
      <NavBarPicture />
      <noscript>
        <style>{'.fp-near,.fp-menu{display:none}'}</style>
      </noscript>
      <main className="pp-page">
        <h1 className="fp-title">{fr.meals.title}</h1>
        <div className="fp-layout">
          <div className="fp-filters" />
          <section aria-label={fr.meals.title}>
            <NearPromptPicture />
            <ul className="fp-grid">
              {meals.map((meal, index) => (
                <li key={meal.meal_id}>
                  <MealCard
                    meal={{ ...meal, image_card_url: safeImageUrl(meal.image_card_url), image_url: safeImageUrl(meal.image_url) }}
                    headingLevel="h2"
                    imageLoading={index < EAGER_IMAGES ? 'eager' : 'lazy'}
                    imageFetchPriority={index < HIGH_PRIORITY_IMAGES ? 'high' : 'auto'}
                    // Without scripts, the meal's name is a plain link to its page, over the whole card.
                    renderLink={({ className, children }) => (
                      <a className={className} href={`/meals/${encodeURIComponent(meal.meal_id)}`}>
                        {children}
                      </a>
                    )}
                    actions={<span className="fp-cart-slot" aria-hidden="true" />}
                  />
                </li>
              ))}
            </ul>
          </section>
        </div>
      </main>
    </div>
  );
}

const ROOT = '<div id="pp-first-paint"';

/**
 * The markup of /meals' first paint for these meals (React escapes every text), or `undefined`
 * when there is nothing to show (the real page then shows its empty state). React writes what it
 * hoists (the preloads of the first cards' pictures) before the markup: that goes in the head.
 */
export function renderMealsFirstPaint(meals: readonly MealCardMeal[]): { head: string; body: string } | undefined {
  if (meals.length === 0) return undefined;
  // Its own id prefix: the page's React tree makes ids of its own beside these.
  const html = renderToStaticMarkup(<MealsFirstPaint meals={meals} />, { identifierPrefix: 'fp-' });
  const at = html.indexOf(ROOT);
  return { head: html.slice(0, at), body: html.slice(at) };
}
