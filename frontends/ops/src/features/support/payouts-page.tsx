import { useQuery } from '@popote/graphql';
import { formatPrice, Notice, NUMBER_CELL, QueryState } from '@popote/ui';
import { ConsolePage } from '../../layout/console-page';
import { opsFr } from '../../texts';
import { formatParisDateTime } from '../reports/format';
import { ConsoleTable } from '../shared/console-table';
import { FailedPayoutsDocument, type FailedPayoutsQuery } from './payouts.generated';
import { supportFr } from './texts';
import styles from './support.module.css';

const t = supportFr.payouts;

type FailedPayout = FailedPayoutsQuery['failedPayouts'][number];

const COLUMNS = [
  { label: t.columns.cook },
  { label: t.columns.amount, number: true },
  { label: t.columns.failure },
  { label: t.columns.reason },
  { label: t.columns.at },
] as const;

function PayoutRow({ payout }: { payout: FailedPayout }) {
  return (
    <tr data-testid="payout-row">
      {/* A cook whose account is gone has no name any more: their id. */}
      <td className={styles.label}>{payout.cook_name || payout.cook_id}</td>
      <td className={NUMBER_CELL}>{formatPrice(payout.amount_cents)}</td>
      <td>{t.failures[payout.failure] ?? payout.failure}</td>
      <td className={styles.label}>{payout.reason ?? opsFr.common.none}</td>
      <td className={styles.nowrap}>
        {/* When it failed: the payout's last change (its creation is when it was asked). */}
        <time dateTime={payout.updated_at}>{formatParisDateTime(payout.updated_at)}</time>
      </td>
    </tr>
  );
}

/**
 * 'Versements échoués': the cooks' payouts refused or reversed by the provider (the money is back
 * on their balance) or failed at the bank (it stayed on their provider account), newest first.
 */
export function PayoutsPage() {
  const { data, error, loading, refetch } = useQuery(FailedPayoutsDocument, { requestPolicy: 'cache-and-network' });

  let body;
  if (!data) {
    body = <QueryState error={error} errorMessage={t.loadError} onRetry={refetch} loadingLabel={t.loading} />;
  } else if (data.failedPayouts.length === 0) {
    body = <Notice message={t.empty} />;
  } else {
    body = (
      <ConsoleTable caption={t.caption} columns={COLUMNS} busy={loading}>
        {data.failedPayouts.map((payout) => (
          <PayoutRow key={payout.payout_id} payout={payout} />
        ))}
      </ConsoleTable>
    );
  }
  return (
    <ConsolePage title={t.title} lead={t.lead}>
      {body}
    </ConsolePage>
  );
}
