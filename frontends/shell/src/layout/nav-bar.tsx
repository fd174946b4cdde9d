import { NavCartDocument } from './nav-bar.generated';
import { useQuery } from '@popote/graphql';
import { readApiError, useAuth, useSignOut } from '@popote/auth';
import { fr, toast } from '@popote/ui';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, usePathname, useSearchParams } from '@popote/router';
import styles from './nav-bar.module.css';

/**
 * The cart's portion count for 'Panier (N)'. The cart is one cached object (see
 * @popote/graphql), which every cart mutation of the consumer remote replaces: the count
 * follows each add, change or removal without a request of its own.
 */
const NAV_CART_QUERY = NavCartDocument;

/** A menu link, marked as the current section on its page and the pages under it (/meals/m-1). */
function NavLink({ to, onClick, children }: { to: string; onClick: () => void; children: ReactNode }) {
  const pathname = usePathname();
  const active = pathname === to || pathname.startsWith(`${to}/`);
  return (
    <Link
      to={to}
      className={active ? `${styles.link} ${styles.active}` : styles.link}
      aria-current={active ? 'page' : undefined}
      onClick={onClick}
    >
      {children}
    </Link>
  );
}

export function NavBar() {
  const navigate = useNavigate();
  const auth = useAuth();
  const [signOut, { loading: signingOut }] = useSignOut();
  const pathname = usePathname();
  const [searchParams] = useSearchParams();
  const urlQuery = pathname === '/meals' ? (searchParams.get('q') ?? '') : '';
  const [query, setQuery] = useState(urlQuery);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const searchId = useId();

  // The box shows the search of the page being viewed (back/forward, cleared search...).
  useEffect(() => setQuery(urlQuery), [urlQuery]);
  // Whatever changed the page (link, search, history), the small-screen menu closes.
  useEffect(() => setMenuOpen(false), [pathname]);

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = query.trim();
    navigate(q ? `/meals?${new URLSearchParams({ q }).toString()}` : '/meals');
    setMenuOpen(false);
  };

  const closeMenu = () => setMenuOpen(false);

  const onSignOut = async () => {
    closeMenu();
    try {
      // Leave the signed-in page first, so no guard sees the signed-out state mid-way.
      navigate('/');
      await signOut();
    } catch (error) {
      toast.error(readApiError(error).message ?? fr.nav.signOutError, { id: 'sign-out-error' });
    }
  };

  const signedIn = auth.status === 'signed-in';
  const { data: cartData } = useQuery(NAV_CART_QUERY, {
    skip: !signedIn,
    // Read again on sign-in: the cache must never show someone else's count.
    requestPolicy: 'cache-and-network',
  });
  const cartCount = signedIn ? cartData?.cart.item_count : undefined;
  // While `me` loads, neither 'Connexion' nor the account links: no flash of the wrong ones.
  const signedOut = auth.status === 'signed-out' || auth.status === 'error';

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Link to="/" className={styles.brand} onClick={closeMenu}>
          {fr.brand}
        </Link>
        <button
          type="button"
          className={styles.menuButton}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className={styles.menuIcon} aria-hidden="true" />
          {fr.nav.menu}
        </button>
        <div id={menuId} className={`${styles.menu} ${menuOpen ? styles.menuOpen : ''}`}>
          <form role="search" className={styles.search} onSubmit={onSearch}>
            <label htmlFor={searchId} className="pp-visually-hidden">
              {fr.nav.searchLabel}
            </label>
            <input
              id={searchId}
              type="search"
              name="q"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={fr.nav.searchPlaceholder}
              autoComplete="off"
              enterKeyHint="search"
            />
            <button type="submit" className={styles.searchButton} aria-label={fr.nav.searchSubmit}>
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
                <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
              </svg>
            </button>
          </form>
          <nav aria-label={fr.nav.mainNavigation}>
            <ul className={styles.links}>
              <li>
                <NavLink to="/meals" onClick={closeMenu}>
                  {fr.nav.browseMeals}
                </NavLink>
              </li>
              {signedIn && auth.isCook ? (
                <li>
                  <NavLink to="/cook/dashboard" onClick={closeMenu}>
                    {fr.nav.dashboard}
                  </NavLink>
                </li>
              ) : null}
              {signedIn ? (
                <>
                  <li>
                    <NavLink to="/orders" onClick={closeMenu}>
                      {fr.nav.orders}
                    </NavLink>
                  </li>
                  <li>
                    <NavLink to="/favourites" onClick={closeMenu}>
                      {fr.nav.favourites}
                    </NavLink>
                  </li>
                  <li>
                    <NavLink to="/cart" onClick={closeMenu}>
                      {cartCount === undefined ? fr.nav.cart : fr.cart.navLabel(cartCount)}
                    </NavLink>
                  </li>
                  <li>
                    <NavLink to="/profile" onClick={closeMenu}>
                      {fr.nav.profile}
                    </NavLink>
                  </li>
                  <li>
                    <button
                      type="button"
                      className={`${styles.link} ${styles.signOut}`}
                      onClick={onSignOut}
                      disabled={signingOut}
                      aria-busy={signingOut || undefined}
                    >
                      {fr.nav.signOut}
                    </button>
                  </li>
                </>
              ) : null}
              {signedOut ? (
                <li>
                  <NavLink to="/auth" onClick={closeMenu}>
                    {fr.nav.signIn}
                  </NavLink>
                </li>
              ) : null}
            </ul>
          </nav>
        </div>
      </div>
    </header>
  );
}
