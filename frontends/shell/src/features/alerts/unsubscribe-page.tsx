import { useAuth } from '@popote/auth';
import { Link, useSearchParams } from '@popote/router';
import { Button, buttonClassName } from '@popote/ui';
import { useState } from 'react';
import { alertsFr } from '../../i18n/alerts-texts';
import { NoticePage } from '../../pages/notice-page';
import accountStyles from '../account/account-pages.module.css';
import { AuthShell } from '../auth/auth-shell';
import authStyles from '../auth/auth-page.module.css';

const t = alertsFr.unsubscribe;
/** The BFF's one-click unsubscribe (RFC 8058), which the mail clients post to as well. */
const ENDPOINT = '/alertes/desabonnement';

/** Posts the link's token; the BFF answers `{ kind, message }` or `{ code, message }`, in French. */
async function unsubscribe(token: string): Promise<{ ok: boolean; text: string }> {
  try {
    const res = await fetch(`${ENDPOINT}?token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
      credentials: 'omit',
    });
    const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
    const text = typeof body?.message === 'string' && body.message ? body.message : res.ok ? t.done : t.failed;
    return { ok: res.ok, text };
  } catch {
    return { ok: false, text: t.failed };
  }
}

/**
 * /alerts/unsubscribe?token=… — where an alert email's unsubscribe link lands (the BFF's GET
 * /alertes/desabonnement sends the browser here). Signed out like signed in: the token says whose
 * alerts and which kind. Opening the link changes nothing (mail scanners open links): the person
 * confirms with the button.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const auth = useAuth();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  if (!token) return <NoticePage title={t.title} tone="error" message={t.invalid} />;

  const confirm = async () => {
    setBusy(true);
    setResult(await unsubscribe(token));
    setBusy(false);
  };

  return (
    <AuthShell title={t.title} titleId="unsubscribe-title">
      {result ? (
        <>
          <p className={result.ok ? accountStyles.done : authStyles.error} role={result.ok ? 'status' : 'alert'}>
            {result.text}
          </p>
          <div className={accountStyles.links}>
            <Link to="/" className={buttonClassName({ variant: 'primary' })}>
              {t.home}
            </Link>
            {auth.status === 'signed-in' ? (
              <Link to="/profile#alerts" className={buttonClassName({ variant: 'outline' })}>
                {t.manage}
              </Link>
            ) : null}
          </div>
        </>
      ) : (
        <>
          <p className={authStyles.lead}>{t.lead}</p>
          <Button variant="primary" size="lg" fullWidth loading={busy} onClick={() => void confirm()}>
            {t.confirm}
          </Button>
        </>
      )}
    </AuthShell>
  );
}
