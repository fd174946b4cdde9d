import { zodResolver } from '@hookform/resolvers/zod';
import { apiMessage, showFieldErrors } from '@popote/auth';
import { useGraphQLClient, useMutation, useQuery } from '@popote/graphql';
import { Link } from '@popote/router';
import { ADS } from '@popote/rules';
import { Button, buttonClassName, formatPrice, fr, Notice, Spinner, TextField, toast } from '@popote/ui';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { CookCampaignsDocument, StartCampaignDocument } from '../../graphql/ads.generated';
import { isRunning, type CampaignOverviewData } from '../../graphql/ads';
import { CookPayoutsDocument } from '../../graphql/payouts.generated';
import { DASHBOARD_CAMPAIGNS } from '../../paths';
import { frAds } from './ads-texts';
import ads from './ads.module.css';
import { formatParisDate } from './campaign-format';
import { campaignFormSchema, dailyShare, type CampaignFormValues, type CampaignInputValues } from './campaign-schema';

const t = frAds;
/** The form's fields, in their order: the BFF's `extensions.fields` for them are shown next to them. */
const FIELDS = ['budget_cents', 'days'] as const;

export interface CampaignDialogProps {
  meal: { meal_id: string; name: string };
  /** Closes the dialog (Escape, 'Annuler', or once the campaign has started). */
  onClose: () => void;
}

/**
 * 'Mettre en avant' one dish: a modal dialog (Escape and 'Annuler' close it) with the budget in
 * euros, the number of days, what it costs and where the money goes, then `startCampaign`.
 */
export function CampaignDialog({ meal, onClose }: CampaignDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const query = useQuery(CookCampaignsDocument, { requestPolicy: 'cache-and-network' });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    // A browser without modal dialogs (or jsdom) still shows it, open in the page.
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else dialog.setAttribute('open', '');
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
    };
  }, []);

  const running = query.data?.cookCampaigns.campaigns.find((c) => c.meal_id === meal.meal_id && isRunning(c));
  let body: ReactNode;
  if (query.data && running) {
    body = (
      <>
        <p className={ads.notice}>{t.alreadyRunning(formatParisDate(running.ends_at))}</p>
        <div className={ads.dialogActions}>
          <Button variant="outline" onClick={onClose}>
            {t.close}
          </Button>
          <Link to={DASHBOARD_CAMPAIGNS} className={buttonClassName({ variant: 'primary' })} onClick={onClose}>
            {t.seeCampaigns}
          </Link>
        </div>
      </>
    );
  } else if (query.data) {
    body = <CampaignForm meal={meal} overview={query.data.cookCampaigns} onClose={onClose} />;
  } else if (query.error) {
    body = (
      <Notice
        tone="error"
        message={t.loadError}
        actions={
          <div className={ads.dialogActions}>
            <Button variant="outline" onClick={onClose}>
              {t.close}
            </Button>
            <Button onClick={() => void query.refetch()}>{fr.common.retry}</Button>
          </div>
        }
      />
    );
  } else body = <Spinner size="lg" label={t.loading} showLabel />;

  return (
    <dialog
      ref={ref}
      className={ads.dialog}
      aria-labelledby={titleId}
      // Escape: the browser's `cancel`, or the key itself where modal dialogs are missing.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        onClose();
      }}
    >
      <h2 id={titleId} className={ads.dialogTitle}>
        {t.dialogTitle(meal.name)}
      </h2>
      <p className={ads.muted}>{t.dialogIntro}</p>
      {body}
    </dialog>
  );
}

function CampaignForm({
  meal,
  overview,
  onClose,
}: {
  meal: CampaignDialogProps['meal'];
  overview: CampaignOverviewData;
  onClose: () => void;
}) {
  const client = useGraphQLClient();
  const [start] = useMutation(StartCampaignDocument);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<CampaignFormValues, unknown, CampaignInputValues>({
    resolver: zodResolver(campaignFormSchema),
    defaultValues: { meal_id: meal.meal_id, budget_cents: '', days: '7' },
  });
  const { errors, isSubmitting } = form.formState;
  const [budget = '', days = ''] = useWatch({ control: form.control, name: ['budget_cents', 'days'] });
  const share = dailyShare(budget, days);
  const summaryId = useId();

  useEffect(() => form.setFocus('budget_cents'), [form]);

  const onSubmit = form.handleSubmit(async (input) => {
    setFormError(null);
    try {
      await start({ variables: { input } });
    } catch (error) {
      const shown = showFieldErrors(form.setError, error, FIELDS);
      // Sold out, already running, balance busy, dish gone...: the BFF's French message, in the form.
      if (!shown) setFormError(apiMessage(error, t.startError));
      return;
    }
    toast.success(t.started(meal.name, formatPrice(input.budget_cents)), { id: `campaign-start-${meal.meal_id}` });
    // The reservation shows at once on the campaigns and the balances.
    client.refetchQueries([CookCampaignsDocument, CookPayoutsDocument]);
    onClose();
  });

  return (
    <form className={ads.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <div className={ads.fields}>
        <TextField
          label={t.budget}
          hint={t.budgetHint}
          inputMode="decimal"
          autoComplete="off"
          error={errors.budget_cents?.message}
          {...form.register('budget_cents')}
        />
        <TextField
          label={t.days}
          hint={t.daysHint}
          type="number"
          inputMode="numeric"
          min={ADS.daysMin}
          max={ADS.daysMax}
          step={1}
          error={errors.days?.message}
          {...form.register('days')}
        />
      </div>

      <dl className={ads.figures}>
        <div className={ads.figure}>
          <dt>{t.available}</dt>
          <dd data-testid="campaign-available">{formatPrice(overview.available_cents)}</dd>
        </div>
        <div className={ads.figure}>
          <dt>{t.cpm}</dt>
          <dd data-testid="campaign-cpm">{formatPrice(overview.cpm_cents)}</dd>
        </div>
        <div className={ads.figure}>
          <dt>{t.daily}</dt>
          <dd data-testid="campaign-daily" aria-live="polite">
            {share
              ? share.low === share.high
                ? formatPrice(share.low)
                : t.dailyRange(formatPrice(share.low), formatPrice(share.high))
              : '—'}
          </dd>
          <dd className={ads.muted}>
            {share && overview.cpm_cents > 0
              ? t.dailyDisplays(Math.floor((share.low * 1000) / overview.cpm_cents).toLocaleString('fr-FR'))
              : t.dailyPending}
          </dd>
        </div>
      </dl>
      <p id={summaryId} className={ads.explain}>
        {t.howItWorks}
      </p>

      {formError ? (
        <p role="alert" className={ads.formError}>
          {formError}
        </p>
      ) : null}

      <div className={ads.dialogActions}>
        <Button variant="outline" onClick={onClose} disabled={isSubmitting}>
          {t.cancel}
        </Button>
        <Button type="submit" loading={isSubmitting} aria-describedby={summaryId}>
          {t.submit}
        </Button>
      </div>
    </form>
  );
}
