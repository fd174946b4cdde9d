import { apiMessage } from '@popote/auth';
import { useGraphQLClient, useMutation, useQuery } from '@popote/graphql';
import { Button, DataTable, formatPrice, Notice, NUMBER_CELL, Spinner, toast } from '@popote/ui';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { MyPromotionsDocument, SetPromotionStateDocument, type PromotionFieldsFragment } from '../../graphql/promotions.generated';
import ads from './ads.module.css';
import styles from './promotions.module.css';
import { frPromotions } from './promotions-texts';
import stats from './stats.module.css';
import { Loaded, TabSection } from './tab-parts';

const t = frPromotions;
const count = (n: number) => n.toLocaleString('fr-FR');

// The form (and the zod rules it shares with payments) loads when first opened.
const PromotionDialog = lazy(() => import('./promotion-dialog').then((module) => ({ default: module.PromotionDialog })));

type Promotion = PromotionFieldsFragment;
/** What the cook reads of a promotion: its state, or over / not started yet from its dates. */
type PromotionStatus = keyof typeof frPromotions.states;

/** A promotion's status now: stopped for good, over, paused, not started yet, or running. */
function promotionStatus(p: Pick<Promotion, 'state' | 'starts_at' | 'ends_at'>, now: number): PromotionStatus {
  if (p.state === 'stopped') return 'stopped';
  if (now >= Date.parse(p.ends_at)) return 'ended';
  if (p.state === 'paused') return 'paused';
  if (now < Date.parse(p.starts_at)) return 'upcoming';
  return 'active';
}

/** "10 %" or "2,00 €". */
const discountText = (p: Pick<Promotion, 'kind' | 'value'>) => (p.kind === 'percent' ? `${p.value}\u00a0%` : formatPrice(p.value));

/** Promotions run on Paris times: "6 mars 2026, 18:00 – 8 mars 2026, 22:00", whatever the browser's zone. */
const parisRange = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'medium', timeStyle: 'short' });
const periodText = (p: Pick<Promotion, 'starts_at' | 'ends_at'>) => parisRange.formatRange(new Date(p.starts_at), new Date(p.ends_at));

/**
 * 'Promotions' (ADR 0045): the cook's codes and automatic offers, newest first, with their figures,
 * 'Mettre en pause', 'Reprendre' and 'Arrêter', and 'Créer une promotion'.
 */
export function PromotionsTab({ cookId }: { cookId: string }) {
  const query = useQuery(MyPromotionsDocument, { requestPolicy: 'cache-and-network' });
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  // The focus goes back to 'Créer une promotion' when the dialog closes.
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const create = (
    <Button ref={button} variant="primary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
      {t.create}
    </Button>
  );

  return (
    <TabSection titleId="cook-promotions-title" title={t.title} action={create}>
      <div className={stats.layout}>
        <p className={ads.muted}>{t.intro}</p>
        <Loaded query={query} loadingLabel={t.listLoading}>
          {({ myPromotions }) =>
            myPromotions.length === 0 ? (
              <Notice title={t.empty} titleAs="h3" message={t.emptyHint} />
            ) : (
              <PromotionTable promotions={myPromotions} />
            )
          }
        </Loaded>
      </div>
      {open ? (
        <Suspense fallback={<Spinner size="sm" label={t.mealsLoading} />}>
          <PromotionDialog cookId={cookId} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </TabSection>
  );
}

function PromotionTable({ promotions }: { promotions: readonly Promotion[] }) {
  const now = Date.now();
  return (
    <div className={ads.scroll}>
      <DataTable
        className={stats.table}
        columns={[
          { label: t.columns.name },
          { label: t.columns.code },
          { label: t.columns.discount },
          { label: t.columns.period },
          { label: t.columns.state },
          { label: t.columns.uses, number: true },
          { label: t.columns.given, number: true },
          { label: t.columns.sales, number: true },
          { label: <span className="pp-visually-hidden">{t.columns.actions}</span> },
        ]}
      >
        {promotions.map((promotion) => (
          <PromotionRow key={promotion.promotion_id} promotion={promotion} status={promotionStatus(promotion, now)} />
        ))}
      </DataTable>
    </div>
  );
}

function PromotionRow({ promotion: p, status }: { promotion: Promotion; status: PromotionStatus }) {
  const scope = p.meal_ids.length === 0 ? t.allMeals : t.someMeals(p.meal_ids.length);
  return (
    <tr data-testid="promotion-row" data-status={status}>
      <th scope="row">{p.name}</th>
      <td>{p.code ? <span className={styles.code}>{p.code}</span> : <span className={ads.muted}>{t.automatic}</span>}</td>
      <td>
        {discountText(p)}
        <span className={ads.sub}>{p.min_basket_cents > 0 ? `${scope}, ${t.minimum(formatPrice(p.min_basket_cents))}` : scope}</span>
      </td>
      <td>{periodText(p)}</td>
      <td>
        <span className={styles.badge} data-status={status}>
          {t.states[status]}
        </span>
      </td>
      <td className={NUMBER_CELL}>
        {p.max_uses === null ? count(p.uses) : `${count(p.uses)} / ${count(p.max_uses)}`}
        {p.held > 0 ? <span className={ads.sub}>{t.held(p.held)}</span> : null}
      </td>
      <td className={NUMBER_CELL}>{formatPrice(p.discount_given_cents)}</td>
      <td className={NUMBER_CELL}>{formatPrice(p.sales_cents)}</td>
      <td>
        {status === 'stopped' || status === 'ended' ? null : (
          <div className={styles.actions}>
            {status === 'paused' ? <StateButton promotion={p} to="active" /> : <StateButton promotion={p} to="paused" />}
            <StateButton promotion={p} to="stopped" />
          </div>
        )}
      </td>
    </tr>
  );
}

const ACTIONS = {
  paused: { label: t.pause, done: t.paused, variant: 'outline' },
  active: { label: t.resume, done: t.resumed, variant: 'secondary' },
  stopped: { label: t.stop, done: t.stopped, variant: 'danger' },
} as const;

/**
 * 'Mettre en pause', 'Reprendre' or 'Arrêter' (for good: once confirmed). The promotion answered
 * replaces the cached one, so its row follows; a refusal says why and reads the list again.
 */
function StateButton({ promotion, to }: { promotion: Promotion; to: keyof typeof ACTIONS }) {
  const client = useGraphQLClient();
  const [setState, { loading }] = useMutation(SetPromotionStateDocument);
  const action = ACTIONS[to];
  const onClick = async () => {
    if (to === 'stopped' && !window.confirm(t.confirmStop(promotion.name))) return;
    const toastId = `promotion-state-${promotion.promotion_id}`;
    try {
      await setState({ variables: { promotion_id: promotion.promotion_id, state: to } });
      toast.success(action.done(promotion.name), { id: toastId });
    } catch (error) {
      toast.error(apiMessage(error, t.stateError), { id: toastId });
      client.refetchQueries([MyPromotionsDocument]);
    }
  };
  return (
    <Button variant={action.variant} size="sm" loading={loading} onClick={() => void onClick()}>
      {action.label}
      <span className="pp-visually-hidden"> {promotion.name}</span>
    </Button>
  );
}
