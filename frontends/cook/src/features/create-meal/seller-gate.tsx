import { useQuery } from '@popote/graphql';
import { Link } from '@popote/router';
import { buttonClassName, fr, Notice, QueryState } from '@popote/ui';
import { frCook } from '@popote/ui/fr-cook';
import type { ReactNode } from 'react';
import { MyTraderDetailsDocument } from '../../graphql/traders.generated';
import { DASHBOARD_SELLER } from '../../paths';
import { frTrader } from '../dashboard/trader-texts';
import styles from '../meal-form/meal-form.module.css';

const t = frTrader;

/** Why no dish can be added yet, and (more asked) what the team asked. */
const gateMessage = (status: string, message: string | null): string =>
  status === 'more_info_requested'
    ? `${t.gateMessage.more_info_requested}${message ? ` « ${message} »` : ''}`
    : t.gateMessage[status === 'submitted' ? 'submitted' : 'missing'];

/**
 * 'Ajouter un plat' of a cook who is not a verified seller yet: what to do instead (the 'Vendeur'
 * tab), said before they fill a form the BFF would refuse. A verified seller gets `children`.
 */
export function SellerGate({ children }: { children: ReactNode }) {
  const query = useQuery(MyTraderDetailsDocument, { requestPolicy: 'cache-and-network' });
  const file = query.data?.myTraderDetails;
  if (file?.status === 'verified') return children;
  const title = frCook.mealForm.createTitle;
  return (
    <div className={`pp-page ${styles.page}`}>
      <title>{`${title} · ${fr.brand}`}</title>
      <header className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
      </header>
      {file ? (
        <Notice
          title={t.gateTitle}
          message={gateMessage(file.status, file.message)}
          actions={
            <Link to={DASHBOARD_SELLER} className={buttonClassName({ variant: 'primary' })}>
              {t.gateLink}
            </Link>
          }
        />
      ) : (
        <QueryState error={query.error} errorMessage={t.gateLoadError} onRetry={query.refetch} loadingLabel={t.loading} />
      )}
    </div>
  );
}
