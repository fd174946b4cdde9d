import { useGraphQLClient, useMutation, useQuery } from '@popote/graphql';
import { Button, formatLongDateTime, formatPrice, Notice, toast } from '@popote/ui';
import { useState } from 'react';
import { useSearchParams } from '@popote/router';
import {
  COMMISSION_INVOICE_PDF_QUERY,
  COMPLETE_SANDBOX_ONBOARDING,
  CONNECT_PAYOUT_ACCOUNT,
  COOK_LEDGER_CSV_QUERY,
  COOK_PAYOUTS_QUERY,
  REQUEST_PAYOUT,
  type PayoutOverviewData,
} from '../../graphql/payouts';
import { apiMessage } from './api-message';
import styles from './dashboard-page.module.css';
import { LoadError, Loading } from './load-state';
import payouts from './payouts.module.css';
import stats from './stats.module.css';
import { frCook } from '@popote/ui/fr-cook';

const t = frCook.cook.payouts;
/** The sandbox's onboarding step comes back to this tab with ?inscription=bac-a-sable (as Stripe's hosted form would). */
const SANDBOX_STEP = 'inscription';

/** 'Paiements': payout account, balances, next payout, ledger and payouts, CSV export. */
export function PayoutsTab() {
  const { data, error, refetch } = useQuery(COOK_PAYOUTS_QUERY, { requestPolicy: 'cache-and-network' });
  const reload = () => void refetch().catch(() => undefined);

  let content;
  if (data) content = <Overview overview={data.cookPayouts} reload={reload} />;
  else if (error) content = <LoadError retry={reload} />;
  else content = <Loading label={t.loading} />;

  return (
    <section aria-labelledby="cook-payouts-title">
      <div className={styles.sectionHeader}>
        <h2 id="cook-payouts-title" className={styles.sectionTitle}>
          {t.title}
        </h2>
        {data ? <CsvExport /> : null}
      </div>
      {content}
    </section>
  );
}

function Overview({ overview, reload }: { overview: PayoutOverviewData; reload: () => void }) {
  const { account } = overview;
  const [params, setParams] = useSearchParams();
  const sandboxStep = params.get(SANDBOX_STEP) === 'bac-a-sable' && account.provider === 'sandbox' && account.status === 'pending';
  return (
    <div className={stats.layout}>
      {sandboxStep ? (
        <SandboxOnboarding
          done={() => {
            const next = new URLSearchParams(params);
            next.delete(SANDBOX_STEP);
            setParams(next, { replace: true });
            reload();
          }}
        />
      ) : (
        <AccountPanel overview={overview} />
      )}
      <Balances overview={overview} reload={reload} />
      <PayoutList overview={overview} />
      <History overview={overview} />
    </div>
  );
}

function AccountPanel({ overview }: { overview: PayoutOverviewData }) {
  const [connect, { loading }] = useMutation(CONNECT_PAYOUT_ACCOUNT);
  const { status } = overview.account;
  const onConnect = async () => {
    try {
      const { data } = await connect();
      // Stripe's hosted onboarding (or the sandbox step of this tab), then back here.
      if (data) window.location.assign(data.connectPayoutAccount.url);
    } catch (error) {
      toast.error(apiMessage(error, t.connectError), { id: 'payout-connect' });
    }
  };
  return (
    <section aria-labelledby="payout-account-title" className={stats.panel}>
      <h3 id="payout-account-title" className={payouts.panelTitle}>
        {t.accountTitle}
      </h3>
      <p className={payouts.status} data-status={status}>
        {status === 'enabled' ? t.accountEnabled : status === 'pending' ? t.accountPending : t.accountNone}
      </p>
      {status !== 'enabled' ? (
        <div className={payouts.action}>
          <Button onClick={() => void onConnect()} loading={loading}>
            {status === 'pending' ? t.resume : t.connect}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

function SandboxOnboarding({ done }: { done: () => void }) {
  const [complete, { loading }] = useMutation(COMPLETE_SANDBOX_ONBOARDING);
  const onConfirm = async () => {
    try {
      await complete();
      toast.success(t.sandboxDone, { id: 'payout-sandbox' });
      done();
    } catch (error) {
      toast.error(apiMessage(error, t.connectError), { id: 'payout-sandbox' });
    }
  };
  return (
    <section aria-labelledby="payout-sandbox-title" className={stats.panel}>
      <h3 id="payout-sandbox-title" className={payouts.panelTitle}>
        {t.sandboxTitle}
      </h3>
      <p className={stats.empty}>{t.sandboxIntro}</p>
      <div className={payouts.action}>
        <Button onClick={() => void onConfirm()} loading={loading}>
          {t.sandboxConfirm}
        </Button>
      </div>
    </section>
  );
}

function Balances({ overview, reload }: { overview: PayoutOverviewData; reload: () => void }) {
  const [requestPayout, { loading }] = useMutation(REQUEST_PAYOUT);
  const [busy, setBusy] = useState(false);
  const onPayout = async () => {
    setBusy(true);
    try {
      const { data } = await requestPayout({ variables: {} });
      if (data) toast.success(t.payoutDone(formatPrice(data.requestPayout.amount_cents)), { id: 'payout-request' });
    } catch (error) {
      toast.error(apiMessage(error, t.payoutError), { id: 'payout-request' });
    } finally {
      setBusy(false);
      reload();
    }
  };
  const inFlight = overview.in_flight || loading || busy;
  return (
    <section aria-labelledby="payout-balances-title" className={stats.panel}>
      <h3 id="payout-balances-title" className="pp-visually-hidden">
        {t.title}
      </h3>
      <dl className={payouts.figures}>
        <div className={payouts.figure}>
          <dt>{t.available}</dt>
          <dd data-testid="payout-available" className={overview.available_cents < 0 ? payouts.negative : undefined}>
            {formatPrice(overview.available_cents)}
          </dd>
          <dd className={payouts.hint}>{overview.available_cents < 0 ? t.negativeHint : t.availableHint}</dd>
        </div>
        <div className={payouts.figure}>
          <dt>{t.pending}</dt>
          <dd data-testid="payout-pending">{formatPrice(overview.pending_cents)}</dd>
          <dd className={payouts.hint}>{t.pendingHint}</dd>
        </div>
      </dl>
      <p className={stats.empty}>
        {t.commission(String(overview.commission_percent).replace('.', ','))}
        {' · '}
        {overview.next_payout_at ? t.nextPayout(formatLongDateTime(overview.next_payout_at)) : t.scheduleOff}
      </p>
      {overview.account.status === 'enabled' ? (
        <div className={payouts.action}>
          <Button onClick={() => void onPayout()} disabled={inFlight} loading={loading}>
            {inFlight ? t.payoutInFlight : t.payoutNow}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

function PayoutList({ overview }: { overview: PayoutOverviewData }) {
  return (
    <section aria-labelledby="payout-list-title" className={stats.panel}>
      <h3 id="payout-list-title" className={payouts.panelTitle}>
        {t.payoutsTitle}
      </h3>
      {overview.payouts.length === 0 ? (
        <p className={stats.empty}>{t.noPayouts}</p>
      ) : (
        <table className={stats.table}>
          <thead>
            <tr>
              <th scope="col">{t.date}</th>
              <th scope="col" className={stats.number}>
                {t.amount}
              </th>
              <th scope="col">{t.status}</th>
            </tr>
          </thead>
          <tbody>
            {overview.payouts.map((p) => (
              <tr key={p.payout_id} data-testid="payout-row">
                <td>{formatLongDateTime(p.created_at)}</td>
                <td className={stats.number}>{formatPrice(p.amount_cents)}</td>
                <td>
                  {t.statuses[p.status] ?? p.status}
                  {p.failure_reason ? ` — ${p.failure_reason}` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

const signed = (cents: number) => (cents === 0 ? '' : `${cents > 0 ? '+' : ''}${formatPrice(cents)}`);

function History({ overview }: { overview: PayoutOverviewData }) {
  return (
    <section aria-labelledby="payout-history-title" className={stats.panel}>
      <h3 id="payout-history-title" className={payouts.panelTitle}>
        {t.historyTitle}
      </h3>
      {overview.entries.length === 0 ? (
        <Notice message={t.noEntries} />
      ) : (
        <div className={payouts.scroll}>
          <table className={stats.table}>
            <thead>
              <tr>
                <th scope="col">{t.date}</th>
                <th scope="col">{t.operation}</th>
                <th scope="col">{t.order}</th>
                <th scope="col" className={stats.number}>
                  {t.amountPending}
                </th>
                <th scope="col" className={stats.number}>
                  {t.amountAvailable}
                </th>
              </tr>
            </thead>
            <tbody>
              {overview.entries.map((e) => (
                <tr key={e.entry_id} data-testid="ledger-row" data-kind={e.kind}>
                  <td>{formatLongDateTime(e.created_at)}</td>
                  <td>
                    {t.kinds[e.kind] ?? e.kind}
                    {e.kind === 'commission' && e.order_id ? <InvoiceLink orderId={e.order_id} /> : null}
                  </td>
                  <td>{e.order_id ? frCook.cook.orderNumber(e.order_id) : ''}</td>
                  <td className={stats.number}>{signed(e.pending_cents)}</td>
                  <td className={stats.number}>{signed(e.available_cents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Saves a file the server made (a Blob: no second request with credentials). */
function save(filename: string, parts: BlobPart[], type: string): void {
  const url = URL.createObjectURL(new Blob(parts, { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The commission invoice of one order, as a PDF. */
function InvoiceLink({ orderId }: { orderId: string }) {
  const client = useGraphQLClient();
  const [loading, setLoading] = useState(false);
  const onClick = async () => {
    setLoading(true);
    try {
      const data = await client.query(COMMISSION_INVOICE_PDF_QUERY, { order_id: orderId }, { requestPolicy: 'network-only' });
      if (!data) throw new Error('no data');
      save(data.receiptPdf.filename, [Uint8Array.from(atob(data.receiptPdf.pdf_base64), (c) => c.charCodeAt(0))], 'application/pdf');
    } catch (error) {
      toast.error(apiMessage(error, t.invoiceError), { id: `invoice-${orderId}` });
    } finally {
      setLoading(false);
    }
  };
  return (
    <>
      {' · '}
      <button type="button" className={payouts.linkButton} onClick={() => void onClick()} disabled={loading}>
        {t.invoice}
      </button>
    </>
  );
}

/** Asks the server for the whole ledger as CSV and saves it (a Blob: no second request with credentials). */
function CsvExport() {
  const client = useGraphQLClient();
  const [loading, setLoading] = useState(false);
  const onExport = async () => {
    setLoading(true);
    try {
      const data = await client.query(COOK_LEDGER_CSV_QUERY, {}, { requestPolicy: 'network-only' });
      if (!data) throw new Error('no data');
      // A BOM so spreadsheet programs read the accents as UTF-8.
      save(data.cookLedgerCsv.filename, ['\uFEFF', data.cookLedgerCsv.csv], 'text/csv;charset=utf-8');
    } catch (error) {
      toast.error(apiMessage(error, t.exportError), { id: 'payout-csv' });
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button variant="outline" onClick={() => void onExport()} loading={loading}>
      {t.exportCsv}
    </Button>
  );
}
