import { apiMessage } from '@popote/auth';
import { useGraphQLClient, useMutation, useQuery } from '@popote/graphql';
import { Link, useNavigate, usePathname } from '@popote/router';
import { Button, buttonClassName, Notice, QueryState, toast } from '@popote/ui';
import type { ReactNode } from 'react';
import { CONSOLE, CONSOLE_SIGN_IN } from '../paths';
import { SECTIONS } from '../routes';
import { opsFr } from '../texts';
import styles from './console.module.css';
import { ConsoleOperatorDocument, ConsoleSignOutDocument } from './console.generated';

/** A link of the console's navigation, marked as the current section on its pages and those under it. */
function SectionLink({ to, children }: { to: string; children: ReactNode }) {
  const pathname = usePathname();
  const active = pathname === to || pathname.startsWith(`${to}/`);
  return (
    <Link to={to} className={active ? `${styles.link} ${styles.active}` : styles.link} aria-current={active ? 'page' : undefined}>
      {children}
    </Link>
  );
}

/**
 * 'Se déconnecter': the BFF clears the console's cookie, the cached operator is forgotten (so no
 * guard lets a console page through), then the sign-in page, and every cached answer of the
 * console (the audit log) is forgotten.
 */
function SignOutButton() {
  const client = useGraphQLClient();
  const navigate = useNavigate();
  const [signOut, { loading }] = useMutation(ConsoleSignOutDocument, {
    update: (cache) => cache.link('Query', 'operator', null),
  });
  const onSignOut = async () => {
    try {
      await signOut();
    } catch (error) {
      toast.error(apiMessage(error, opsFr.signOutError), { id: 'console-sign-out-error' });
      return;
    }
    navigate(CONSOLE_SIGN_IN, { replace: true });
    await client.resetStore().catch(() => undefined);
  };
  return (
    <Button variant="outline" size="sm" onClick={onSignOut} loading={loading}>
      {opsFr.signOut}
    </Button>
  );
}

/**
 * The frame of every console page: 'Console Popote', who is signed in, 'Se déconnecter' and the
 * sections' navigation (SECTIONS of ../routes.tsx), then the page. Rendered inside the shell's
 * <main>, which shows none of the buyers' menu on /console.
 */
export function ConsoleLayout({ children }: { children: ReactNode }) {
  const { data, error, refetch } = useQuery(ConsoleOperatorDocument);
  const operator = data?.operator;

  let content: ReactNode = children;
  if (!data) {
    content = <QueryState error={error} errorMessage={opsFr.operatorLoadError} onRetry={refetch} loadingLabel={opsFr.operatorLoading} />;
  } else if (!operator) {
    // The shell's guard never lets this happen; the remote running alone (no guard) does.
    content = (
      <Notice
        message={opsFr.noSession}
        actions={
          <Link to={CONSOLE_SIGN_IN} className={buttonClassName({ variant: 'primary' })}>
            {opsFr.toSignIn}
          </Link>
        }
      />
    );
  }

  return (
    <div className={styles.console}>
      <header className={styles.header}>
        <div className={styles.bar}>
          <Link to={CONSOLE} className={styles.brand}>
            {opsFr.brand}
          </Link>
          {operator ? (
            <div className={styles.session}>
              <p className={styles.who}>
                <span className="pp-visually-hidden">{opsFr.signedInAs} </span>
                <span>{operator.name}</span>
              </p>
              <SignOutButton />
            </div>
          ) : null}
        </div>
        {operator ? (
          <nav aria-label={opsFr.navigation} className={styles.nav}>
            <ul className={styles.links}>
              {SECTIONS.map((section) => (
                <li key={section.path}>
                  <SectionLink to={section.path}>{section.label}</SectionLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </header>
      {content}
    </div>
  );
}
