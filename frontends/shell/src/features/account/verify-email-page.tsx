import { useGraphQLClient, useMutation } from '@popote/graphql';
import { readApiError, ME_QUERY } from '@popote/auth';
import { useState } from 'react';
import { useSearchParams } from '@popote/router';
import { shellFr } from '../../i18n/texts';
import { accountFr } from '../../i18n/account-texts';
import { NoticePage } from '../../pages/notice-page';
import { VERIFY_EMAIL } from './account.graphql';
import { LinkConfirmation, type LinkResult } from './link-confirmation';

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
  const [result, setResult] = useState<LinkResult | null>(null);

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
    <LinkConfirmation
      texts={{ title: shellFr.verification.verifyTitle, lead: t.verifyLead, confirm: t.verifySubmit, home: t.toHome }}
      titleId="verify-title"
      loading={loading}
      onConfirm={onConfirm}
      result={result}
      next={{ to: '/profile', label: t.toProfile }}
    />
  );
}
