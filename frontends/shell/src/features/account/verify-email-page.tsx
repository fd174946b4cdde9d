import { useGraphQLClient, useMutation } from '@popote/graphql';
import { readApiError, ME_QUERY } from '@popote/auth';
import { Button, buttonClassName } from '@popote/ui';
import { useState } from 'react';
import { Link, useSearchParams } from '@popote/router';
import { shellFr } from '../../i18n/texts';
import { accountFr } from '../../i18n/account-texts';
import { NoticePage } from '../../pages/notice-page';
import { AuthShell } from '../auth/auth-shell';
import authStyles from '../auth/auth-page.module.css';
import { VERIFY_EMAIL } from './account.graphql';
import styles from './account-pages.module.css';

const t = accountFr;

/**
 * /verify-email?token=… (verification and email-change links). The link is used by pressing the
 * button, not by opening the page: mail scanners that fetch links must not spend it.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const client = useGraphQLClient();
  const [verify, { loading }] = useMutation(VERIFY_EMAIL);
  const [result, setResult] = useState<{ ok: true; text: string } | { ok: false; text: string } | null>(null);

  const onConfirm = async () => {
    try {
      const { data } = await verify({ variables: { token } });
      const answer = data?.verifyEmail;
      setResult({ ok: true, text: answer?.purpose === 'email-change' ? t.verifiedChanged(answer.email) : t.verified });
    } catch (error) {
      setResult({ ok: false, text: readApiError(error).message ?? t.verifyError });
      return;
    }
    // The banner goes and paying is open: `me` says so now.
    client.refetchQueries([ME_QUERY]);
  };

  if (!token) {
    return <NoticePage title={shellFr.verification.verifyTitle} tone="error" message={t.missingToken} />;
  }

  return (
    <AuthShell title={shellFr.verification.verifyTitle} titleId="verify-title">
      {result ? (
        <>
          <p className={result.ok ? styles.done : authStyles.error} role={result.ok ? 'status' : 'alert'}>
            {result.text}
          </p>
          <div className={styles.links}>
            <Link to="/" className={buttonClassName({ variant: 'primary' })}>
              {t.toHome}
            </Link>
            <Link to="/profile" className={buttonClassName({ variant: 'outline' })}>
              {t.toProfile}
            </Link>
          </div>
        </>
      ) : (
        <>
          <p className={authStyles.lead}>{t.verifyLead}</p>
          <Button variant="primary" size="lg" fullWidth loading={loading} onClick={onConfirm}>
            {t.verifySubmit}
          </Button>
        </>
      )}
    </AuthShell>
  );
}
