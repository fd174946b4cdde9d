import { readApiError } from '@popote/auth';
import { useQuery } from '@popote/graphql';
import { Link, useSearchParams } from '@popote/router';
import { Button, formatPrice, Notice, NUMBER_CELL, OrderStatusBadge, QueryState, TextField } from '@popote/ui';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { ConsolePage } from '../../layout/console-page';
import { orderPath } from '../../paths';
import { opsFr } from '../../texts';
import { formatParisDateTime } from '../reports/format';
import { ConsoleTable } from '../shared/console-table';
import { SupportOrdersDocument } from './orders.generated';
import type { SupportOrderFieldsFragment } from './support.generated';
import { supportFr } from './texts';
import styles from './support.module.css';

const t = supportFr.orders;

/** The search is the page's query string (`?q=…`): back and forward go through the searches made, an order's page leads back to it. */
const QUERY_PARAM = 'q';

/** What identity keeps of an address at most: nothing longer names an order or an account. */
const QUERY_MAX = 254;

const COLUMNS = [
  { label: t.columns.number },
  { label: t.columns.at },
  { label: t.columns.buyer },
  { label: t.columns.cook },
  { label: t.columns.total, number: true },
  { label: t.columns.status },
  { label: <span className="pp-visually-hidden">{t.columns.open}</span> },
] as const;

/** A name not kept (orders placed before it was): a dash. */
const none = (text: string) => text || opsFr.common.none;

function OrderRow({ order }: { order: SupportOrderFieldsFragment }) {
  return (
    <tr data-testid="order-row">
      <td className={styles.number}>{order.number}</td>
      <td className={styles.nowrap}>
        <time dateTime={order.created_at}>{formatParisDateTime(order.created_at)}</time>
      </td>
      <td className={styles.label}>{none(order.consumer_name)}</td>
      <td className={styles.label}>{none(order.cook_name)}</td>
      <td className={NUMBER_CELL}>{formatPrice(order.total_cents)}</td>
      <td>
        <OrderStatusBadge status={order.order_status} />
      </td>
      <td>
        <Link to={orderPath(order.order_id)}>
          {t.open}
          <span className="pp-visually-hidden">{t.openWhat(order.number)}</span>
        </Link>
      </td>
    </tr>
  );
}

interface SearchValues {
  query: string;
}

/** 'Numéro de commande ou email' and 'Rechercher' (the field starts with the URL's search). */
function SearchForm({ initial, onSearch }: { initial: string; onSearch: (query: string) => void }) {
  const form = useForm<SearchValues>({ defaultValues: { query: initial } });
  const onSubmit = form.handleSubmit(({ query }) => onSearch(query.trim()));
  return (
    <form role="search" aria-label={t.search} className={styles.search} onSubmit={(event) => void onSubmit(event)} noValidate>
      <TextField
        label={t.query}
        hint={t.queryHint}
        autoComplete="off"
        spellCheck={false}
        maxLength={QUERY_MAX}
        error={form.formState.errors.query?.message}
        {...form.register('query', { validate: (value) => value.trim() !== '' || t.queryRequired })}
      />
      <Button type="submit">{t.submit}</Button>
    </form>
  );
}

/**
 * The orders of one search, newest first: who the address belongs to (an email searched), a notice
 * when the search was cut short, the table with 'Ouvrir' on each. `focus`: searched here, the
 * results' heading takes the focus once answered (the form the search was made with is above).
 */
function Results({ query, focus }: { query: string; focus: boolean }) {
  const { data, error, loading, refetch } = useQuery(SupportOrdersDocument, {
    variables: { query },
    // Back from an order's page: the search shows at once and is asked again (a status may have changed).
    requestPolicy: 'cache-and-network',
  });
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const answered = data !== undefined;
  useEffect(() => {
    if (focus && answered) heading.current?.focus();
  }, [focus, answered]);

  let body: ReactNode;
  if (!data) {
    const { code, message, fields } = readApiError(error);
    // A number or an address the services refuse: their French message (retrying would not help).
    body =
      code === 'VALIDATION_FAILED' ? (
        <Notice tone="error" message={Object.values(fields)[0] ?? message} />
      ) : (
        <QueryState error={error} errorMessage={t.loadError} onRetry={refetch} loadingLabel={t.loading} />
      );
  } else {
    const { items, truncated, matched_user: user } = data.supportOrders;
    body = (
      <>
        {user ? <p className={styles.muted}>{t.matchedUser(user)}</p> : null}
        {truncated ? <p className={styles.warning}>{t.truncated}</p> : null}
        {items.length === 0 ? (
          <Notice message={t.empty} />
        ) : (
          <>
            <p className={styles.muted}>{t.count(items.length)}</p>
            <ConsoleTable caption={t.caption} columns={COLUMNS} busy={loading}>
              {items.map((order) => (
                <OrderRow key={order.order_id} order={order} />
              ))}
            </ConsoleTable>
          </>
        )}
      </>
    );
  }
  return (
    <section className={styles.results} aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {t.results(query)}
      </h2>
      {body}
    </section>
  );
}

/**
 * 'Commandes': an order found by its number (what the buyer reads, or the whole id) or by the
 * buyer's or cook's email; each result opens the order's page (its story, a refund, an email sent
 * again).
 */
export function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const query = (params.get(QUERY_PARAM) ?? '').trim();
  // The searches made here: the same search again is asked again (a new key), and its answer takes the focus.
  const [submitted, setSubmitted] = useState<{ query: string; count: number } | null>(null);
  const search = (value: string) => {
    setSubmitted((previous) => ({ query: value, count: (previous?.count ?? 0) + 1 }));
    if (value !== query) setParams({ [QUERY_PARAM]: value });
  };
  const mine = submitted?.query === query ? submitted : null;
  return (
    <ConsolePage title={t.title} lead={t.lead}>
      <SearchForm key={query} initial={query} onSearch={search} />
      {query ? <Results key={`${query}\n${mine?.count ?? 0}`} query={query} focus={mine !== null} /> : null}
    </ConsolePage>
  );
}
