import { apiMessage } from '@popote/auth';
import { useGraphQLClient, useMutation, useQuery } from '@popote/graphql';
import { Button, DataTable, formatPrice, Notice, NUMBER_CELL, toast } from '@popote/ui';
import { CookCampaignsCsvDocument, CookCampaignsDocument, StopCampaignDocument } from '../../graphql/ads.generated';
import { isRunning, type CampaignData } from '../../graphql/ads';
import { CookPayoutsDocument } from '../../graphql/payouts.generated';
import { frAds } from './ads-texts';
import ads from './ads.module.css';
import { formatParisDateTime, formatPeriod } from './campaign-format';
import { CsvExportButton, Loaded, TabSection } from './tab-parts';
import stats from './stats.module.css';

const t = frAds;
const count = (n: number) => n.toLocaleString('fr-FR');

/**
 * 'Mises en avant': the cook's campaigns, newest first, with their spend and results,
 * 'Arrêter' for those still running, and the CSV of them all.
 */
export function CampaignsTab({ openMeals }: { openMeals: () => void }) {
  const query = useQuery(CookCampaignsDocument, { requestPolicy: 'cache-and-network' });
  const campaigns = query.data?.cookCampaigns.campaigns;

  return (
    <TabSection titleId="cook-campaigns-title" title={t.title} action={campaigns?.length ? <CsvExport /> : null}>
      <Loaded query={query} loadingLabel={t.listLoading}>
        {({ cookCampaigns }) =>
          cookCampaigns.campaigns.length === 0 ? (
            <Notice
              title={t.empty}
              titleAs="h3"
              message={t.emptyHint}
              actions={
                <Button variant="primary" onClick={openMeals}>
                  {t.toMeals}
                </Button>
              }
            />
          ) : (
            <div className={stats.layout}>
              <p className={ads.muted}>
                {t.intro} {t.cpmNow(formatPrice(cookCampaigns.cpm_cents), formatPrice(cookCampaigns.available_cents))}
              </p>
              <div className={ads.scroll}>
                <DataTable
                  className={stats.table}
                  columns={[
                    { label: t.columns.meal },
                    { label: t.columns.status },
                    { label: t.columns.period },
                    { label: t.columns.budget, number: true },
                    { label: t.columns.spent, number: true },
                    { label: t.columns.refunded, number: true },
                    { label: t.columns.displays, number: true },
                    { label: t.columns.clicks, number: true },
                    { label: t.columns.orders, number: true },
                    { label: <span className="pp-visually-hidden">{t.columns.action}</span> },
                  ]}
                >
                  {cookCampaigns.campaigns.map((campaign) => (
                    <CampaignRow key={campaign.campaign_id} campaign={campaign} />
                  ))}
                </DataTable>
              </div>
            </div>
          )
        }
      </Loaded>
    </TabSection>
  );
}

function CampaignRow({ campaign: c }: { campaign: CampaignData }) {
  return (
    <tr data-testid="campaign-row" data-status={c.status}>
      <th scope="row">{c.meal_name}</th>
      <td className={ads.status} data-status={c.status}>
        {t.statuses[c.status] ?? c.status}
      </td>
      <td>
        {formatPeriod(c.starts_at, c.ends_at)}
        {c.stopped_at ? <span className={ads.sub}>{t.stoppedAt(formatParisDateTime(c.stopped_at))}</span> : null}
      </td>
      <td className={NUMBER_CELL}>{formatPrice(c.budget_cents)}</td>
      <td className={NUMBER_CELL}>{formatPrice(c.spent_cents)}</td>
      <td className={NUMBER_CELL}>
        {c.refunded_cents === null ? (
          <>
            <span aria-hidden="true">—</span>
            <span className="pp-visually-hidden">{t.notClosed}</span>
          </>
        ) : (
          formatPrice(c.refunded_cents)
        )}
      </td>
      <td className={NUMBER_CELL}>{count(c.displays)}</td>
      <td className={NUMBER_CELL}>{count(c.clicks)}</td>
      <td className={NUMBER_CELL}>{count(c.orders)}</td>
      <td>{isRunning(c) ? <StopButton campaign={c} /> : null}</td>
    </tr>
  );
}

/** 'Arrêter', once confirmed: the campaign stops now; the unspent budget comes back once the day is counted. */
function StopButton({ campaign }: { campaign: CampaignData }) {
  const client = useGraphQLClient();
  const [stop, { loading }] = useMutation(StopCampaignDocument);
  const onStop = async () => {
    if (!window.confirm(t.confirmStop(campaign.meal_name))) return;
    const toastId = `campaign-stop-${campaign.campaign_id}`;
    try {
      await stop({ variables: { campaign_id: campaign.campaign_id } });
      toast.success(t.stopped(campaign.meal_name), { id: toastId });
    } catch (error) {
      toast.error(apiMessage(error, t.stopError), { id: toastId });
    }
    // Stopped, or already over: the list and the balances as they are now.
    client.refetchQueries([CookCampaignsDocument, CookPayoutsDocument]);
  };
  return (
    <Button variant="danger" size="sm" loading={loading} onClick={() => void onStop()}>
      {t.stop}
      <span className="pp-visually-hidden"> {campaign.meal_name}</span>
    </Button>
  );
}

/** The campaigns as CSV (as the ledger's export of 'Paiements'). */
const CsvExport = () => (
  <CsvExportButton
    document={CookCampaignsCsvDocument}
    file={(data) => data.cookCampaignsCsv}
    label={t.exportCsv}
    failure={t.exportError}
    toastId="campaigns-csv"
  />
);
