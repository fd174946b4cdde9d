import { useAuth } from '@popote/auth';
import { useEffect } from 'react';
import { toast } from '@popote/ui';
import { shellFr } from '../i18n/texts';

/**
 * Loading the signed-in user is retried (3 times, 2 s × the attempt: the
 * GraphQL client's unavailableRetryFetch); when it still fails, one toast says the site runs
 * in a limited mode. Guarded pages show their own 'Réessayer'.
 */
export function useUserLoadErrorToast(): void {
  const { status } = useAuth();
  useEffect(() => {
    if (status === 'error') toast.error(shellFr.connectivity.userLoadFailed, { id: 'user-load-error' });
  }, [status]);
}
