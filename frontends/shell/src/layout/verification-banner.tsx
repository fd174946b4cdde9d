import { useMutation } from '@popote/graphql';
import { readApiError, useAuth } from '@popote/auth';
import { Button, toast } from '@popote/ui';
import { usePathname } from '@popote/router';
import { ResendVerificationEmailDocument as RESEND_VERIFICATION_EMAIL } from './verification-banner.generated';
import { shellFr } from '../i18n/texts';
import styles from './verification-banner.module.css';

const t = shellFr.verification;

/**
 * A signed-in person whose address is not confirmed can browse and fill a cart, not pay nor publish
 * a dish (the BFF refuses both): this bar says why and offers 'Renvoyer l'email' (rate-limited).
 */
export function VerificationBanner() {
  const auth = useAuth();
  const pathname = usePathname();
  const [resend, { loading }] = useMutation(RESEND_VERIFICATION_EMAIL);
  if (auth.status !== 'signed-in' || auth.user.email_verified || pathname === '/verify-email') return null;
  const { email } = auth.user;

  const onResend = async () => {
    try {
      await resend();
    } catch (error) {
      toast.error(readApiError(error).message ?? t.resendError, { id: 'resend-result' });
      return;
    }
    toast.success(t.resent(email), { id: 'resend-result' });
  };

  return (
    <aside className={styles.banner} aria-label={t.verifyTitle}>
      <p className={styles.text}>{t.bannerText(email)}</p>
      <Button variant="outline" size="sm" loading={loading} onClick={onResend}>
        {t.resend}
      </Button>
    </aside>
  );
}
