import { useSwitchRole } from '@popote/auth';
import type { UserType } from '@popote/graphql';
import { Button, toast } from '@popote/ui';
import { useNavigate } from '@popote/router';
import { Card, useCardPanel } from './card';
import styles from './profile-page.module.css';
import { frAccount } from '@popote/ui/fr-account';

/**
 * 'Devenir cuisinier' / 'Devenir client', confirmed in a panel. Afterwards the
 * new Me is in the cache (nav bar, guards) and the person lands on the
 * dashboard (now a cook) or the meal list (now a consumer).
 */
export function RoleSwitchCard({ isCook }: { isCook: boolean }) {
  const [switchRole, { loading }] = useSwitchRole();
  const navigate = useNavigate();
  const confirming = useCardPanel();
  const target: UserType = isCook ? 'consumer' : 'cook';

  const confirm = async () => {
    try {
      await switchRole(target);
    } catch {
      toast.error(frAccount.profile.roleError, { id: 'role-error' });
      confirming.close();
      return;
    }
    toast.success(target === 'cook' ? frAccount.profile.nowCook : frAccount.profile.nowConsumer, { id: 'role-success' });
    navigate(target === 'cook' ? '/cook/dashboard' : '/meals');
  };

  return (
    <Card title={frAccount.profile.roleTitle}>
      <p className={styles.muted}>{isCook ? frAccount.profile.roleCurrentCook : frAccount.profile.roleCurrentConsumer}</p>
      {confirming.open ? (
        <div ref={confirming.panel} className={styles.confirm} role="group" aria-labelledby="role-confirm-text" tabIndex={-1}>
          <p id="role-confirm-text" className={styles.confirmText}>
            {target === 'cook' ? frAccount.profile.confirmBecomeCook : frAccount.profile.confirmBecomeConsumer}
          </p>
          <div className={styles.formActions}>
            <Button variant="primary" loading={loading} onClick={confirm}>
              {frAccount.profile.confirm}
            </Button>
            <Button variant="outline" onClick={confirming.close} disabled={loading}>
              {frAccount.profile.cancel}
            </Button>
          </div>
        </div>
      ) : (
        <Button ref={confirming.toggle} variant={isCook ? 'outline' : 'secondary'} onClick={confirming.show}>
          {isCook ? frAccount.profile.becomeConsumer : frAccount.profile.becomeCook}
        </Button>
      )}
    </Card>
  );
}
