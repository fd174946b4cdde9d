import { useMutation, useQuery } from '@popote/graphql';
import { apiMessage } from '@popote/auth';
import { Button, DataTable, formatLongDateTime, formatPrice, Notice, NUMBER_CELL, savePdf, toast, useFileDownload } from '@popote/ui';
import { useState } from 'react';
import { useSearchParams } from '@popote/router';
import {
  CommissionInvoicePdfDocument,
  CompleteSandboxOnboardingDocument,
  ConnectPayoutAccountDocument,
  CookLedgerCsvDocument,
  CookPayoutsDocument,
  RequestPayoutDocument,
} from '../../graphql/payouts.generated';
import type { PayoutOverviewData } from '../../graphql/payouts';
import { CsvExportButton, Loaded, Panel, TabSection } from './tab-parts';
import { frAds } from './ads-texts';
import payouts from './payouts.module.css';
import stats from './stats.module.css';
import { frCook } from '@popote/ui/fr-cook';

const t = frCook.cook.payouts;
/** The ledger's operations, the advertisements' included. */
const KINDS: Record<string, string> = { ...t.kinds, ...frAds.kinds };
/** The sandbox's onboarding step comes back to this tab with ?inscription=bac-a-sable (as Stripe's hosted form would). */
const SANDBOX_STEP = 'inscription';

/** 'Paiements': payout account, balances (and what advertisements hold), next payout, ledger and payouts, CSV export. */
export function PayoutsTab() {
  const query = useQuery(CookPayoutsDocument, { requestPolicy: 'cache-and-network' });
  const reload = () => void query.refetch().catch(() => undefined);

  return (
    <TabSection titleId="cook-payouts-title" title={t.title} action={query.data ? <CsvExport /> : null}>
      <Loaded query={query} loadingLabel={t.loading}>
        {(data) => <Overview overview={data.cookPayouts} reload={reload} />}
      </Loaded>
    </TabSection>
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
  const [connect, { loading }] = useMutation(ConnectPayoutAccountDocument);
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
    <Panel titleId="payout-account-title" title={t.accountTitle}>
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
    </Panel>
  );
}

function SandboxOnboarding({ done }: { done: () => void }) {
  const [complete, { loading }] = useMutation(CompleteSandboxOnboardingDocument);
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
    <Panel titleId="payout-sandbox-title" title={t.sandboxTitle}>
      <p className={stats.empty}>{t.sandboxIntro}</p>
      <div className={payouts.action}>
        <Button onClick={() => void onConfirm()} loading={loading}>
          {t.sandboxConfirm}
        </Button>
      </div>
    </Panel>
  );
}

function Balances({ overview, reload }: { overview: PayoutOverviewData; reload: () => void }) {
  const [requestPayout, { loading }] = useMutation(RequestPayoutDocument);
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
    <Panel titleId="payout-balances-title" title={t.title} hiddenTitle>
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
        {overview.advertising_cents !== 0 ? (
          <div className={payouts.figure}>
            <dt>{frAds.advertising}</dt>
            <dd data-testid="payout-advertising">{formatPrice(overview.advertising_cents)}</dd>
            <dd className={payouts.hint}>{frAds.advertisingHint}</dd>
          </div>
        ) : null}
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
    </Panel>
  );
}

function PayoutList({ overview }: { overview: PayoutOverviewData }) {
  return (
    <Panel titleId="payout-list-title" title={t.payoutsTitle}>
      {overview.payouts.length === 0 ? (
        <p className={stats.empty}>{t.noPayouts}</p>
      ) : (
        <DataTable className={stats.table} columns={[{ label: t.date }, { label: t.amount, number: true }, { label: t.status }]}>
          {overview.payouts.map((p) => (
            <tr key={p.payout_id} data-testid="payout-row">
              <td>{formatLongDateTime(p.created_at)}</td>
              <td className={NUMBER_CELL}>{formatPrice(p.amount_cents)}</td>
              <td>
                {t.statuses[p.status] ?? p.status}
                {p.failure_reason ? ` — ${p.failure_reason}` : ''}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </Panel>
  );
}

const signed = (cents: number) => (cents === 0 ? '' : `${cents > 0 ? '+' : ''}${formatPrice(cents)}`);

function History({ overview }: { overview: PayoutOverviewData }) {
  // The advertisements' column, once the cook has had any.
  const advertising = overview.advertising_cents !== 0 || overview.entries.some((e) => e.advertising_cents !== 0);
  return (
    <Panel titleId="payout-history-title" title={t.historyTitle}>
      {overview.entries.length === 0 ? (
        <Notice message={t.noEntries} />
      ) : (
        <div className={payouts.scroll}>
          <DataTable
            className={stats.table}
            columns={[
              { label: t.date },
              { label: t.operation },
              { label: t.order },
              { label: t.amountPending, number: true },
              { label: t.amountAvailable, number: true },
              ...(advertising ? [{ label: frAds.amountAdvertising, number: true }] : []),
            ]}
          >
            {overview.entries.map((e) => (
              <tr key={e.entry_id} data-testid="ledger-row" data-kind={e.kind}>
                <td>{formatLongDateTime(e.created_at)}</td>
                <td>
                  {KINDS[e.kind] ?? e.kind}
                  {e.kind === 'commission' && e.order_id ? <InvoiceLink orderId={e.order_id} /> : null}
                </td>
                <td>{e.order_id ? frCook.cook.orderNumber(e.order_id) : ''}</td>
                <td className={NUMBER_CELL}>{signed(e.pending_cents)}</td>
                <td className={NUMBER_CELL}>{signed(e.available_cents)}</td>
                {advertising ? <td className={NUMBER_CELL}>{signed(e.advertising_cents)}</td> : null}
              </tr>
            ))}
          </DataTable>
        </div>
      )}
    </Panel>
  );
}

/** The commission invoice of one order, as a PDF. */
function InvoiceLink({ orderId }: { orderId: string }) {
  const [download, loading] = useFileDownload({
    document: CommissionInvoicePdfDocument,
    variables: { order_id: orderId },
    save: ({ receiptPdf }) => savePdf(receiptPdf.filename, receiptPdf.pdf_base64),
    failure: (error) => apiMessage(error, t.invoiceError),
    toastId: `invoice-${orderId}`,
  });
  return (
    <>
      {' · '}
      <button type="button" className={payouts.linkButton} onClick={() => void download()} disabled={loading}>
        {t.invoice}
      </button>
    </>
  );
}

/** The whole ledger as CSV. */
const CsvExport = () => (
  <CsvExportButton
    document={CookLedgerCsvDocument}
    file={(data) => data.cookLedgerCsv}
    label={t.exportCsv}
    failure={t.exportError}
    toastId="payout-csv"
  />
);
