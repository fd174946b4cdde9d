import { useAuth } from '@popote/auth';

/**
 * Where "start cooking" / "become a cook" leads: the sign-up with 'Vendre des
 * repas' preselected for visitors, the role switch of the profile for signed-in
 * consumers, the dashboard for cooks (/auth would only send them home).
 */
export function useStartCookingHref(): string {
  const auth = useAuth();
  if (auth.status !== 'signed-in') return '/auth?mode=inscription&type=cook';
  return auth.isCook ? '/cook/dashboard' : '/profile';
}
