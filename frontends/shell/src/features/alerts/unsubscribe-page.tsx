import { useAuth } from '@popote/auth';
import { useSearchParams } from '@popote/router';
import { useState } from 'react';
import { alertsFr } from '../../i18n/alerts-texts';
import { NoticePage } from '../../pages/notice-page';
import { LinkConfirmation, type LinkResult } from '../account/link-confirmation';

const t = alertsFr.unsubscribe;
/** The BFF's one-click unsubscribe (RFC 8058), which the mail clients post to as well. */
const ENDPOINT = '/alertes/desabonnement';

/** Posts the link's token; the BFF answers `{ kind, message }` or `{ code, message }`, in French. */
async function unsubscribe(token: string): Promise<LinkResult> {
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
  const [result, setResult] = useState<LinkResult | null>(null);

  if (!token) return <NoticePage title={t.title} tone="error" message={t.invalid} />;

  const confirm = async () => {
    setBusy(true);
    setResult(await unsubscribe(token));
    setBusy(false);
  };

  return (
    <LinkConfirmation
      texts={t}
      titleId="unsubscribe-title"
      loading={busy}
      onConfirm={confirm}
      result={result}
      next={auth.status === 'signed-in' ? { to: '/profile#alerts', label: t.manage } : null}
    />
  );
}
