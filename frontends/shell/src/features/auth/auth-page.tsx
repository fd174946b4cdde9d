import { useAuth } from '@popote/auth';
import { PageLoading, toast } from '@popote/ui';
import { useRef } from 'react';
import { Redirect, useNavigate, useSearchParams } from '@popote/router';
import { AuthShell, type AuthFormProps } from './auth-shell';
import styles from './auth-page.module.css';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { frAccount } from '@popote/ui/fr-account';

export type AuthMode = 'connexion' | 'inscription';

/**
 * /auth: sign-in ('Connexion') or sign-up ('Inscription'). The mode lives in
 * the URL (?mode=inscription, optionally &type=cook) so links can open the
 * sign-up directly. Signed-in visitors are sent home.
 */
export function AuthPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const mode: AuthMode = searchParams.get('mode') === 'inscription' ? 'inscription' : 'connexion';
  const initialType = searchParams.get('type') === 'cook' ? 'cook' : 'consumer';
  // Set once a form succeeds: from then on the form navigates itself (after its toast).
  const completing = useRef(false);

  if (auth.status === 'signed-in' && !completing.current) return <Redirect to="/" replace />;
  // Not knowing yet whether the visitor is signed in: no form that might vanish at once.
  if (auth.status === 'loading') {
    return <PageLoading />;
  }

  const switchTo = (next: AuthMode) => {
    // The other form starts clean: no error of the previous one stays on screen.
    toast.dismiss('auth-error');
    setSearchParams(next === 'inscription' ? { mode: 'inscription' } : {}, { replace: true });
  };

  const formProps: AuthFormProps = {
    onSubmitStart: () => (completing.current = true),
    onSubmitEnd: (ok) => (completing.current = ok),
    // Back from / must not land on a form that would bounce again.
    onSuccess: () => navigate('/', { replace: true }),
  };

  const title = mode === 'inscription' ? frAccount.auth.signUpTitle : frAccount.auth.signInTitle;

  return (
    <AuthShell title={title} titleId="auth-title">
      <p className={styles.lead}>{mode === 'inscription' ? frAccount.auth.signUpLead : frAccount.auth.signInLead}</p>
      {mode === 'inscription' ? (
        <SignUpForm key="inscription" initialType={initialType} {...formProps} />
      ) : (
        <SignInForm key="connexion" {...formProps} />
      )}
      <p className={styles.switch}>
        {mode === 'inscription' ? frAccount.auth.haveAccount : frAccount.auth.noAccount}{' '}
        <button
          type="button"
          className={styles.switchButton}
          onClick={() => switchTo(mode === 'inscription' ? 'connexion' : 'inscription')}
        >
          {mode === 'inscription' ? frAccount.auth.signInTitle : frAccount.auth.signUpTitle}
        </button>
      </p>
    </AuthShell>
  );
}
