import { useQuery } from '@popote/graphql';
import { Link, useParams } from '@popote/router';
import { formatPrice, formatSlot, OrderStatusBadge, Section } from '@popote/ui';
import type { ReactNode } from 'react';
import { ConsolePage } from '../../layout/console-page';
import { ORDERS } from '../../paths';
import { opsFr } from '../../texts';
import { formatParisDateTime } from '../reports/format';
import { Fact } from '../shared/fact';
import { NotLoaded } from '../shared/not-loaded';
import { SupportOrderDocument, type SupportOrderQuery } from './order.generated';
import { OrderStory, serviceLabel } from './order-story';
import { RefundBlock } from './refund-block';
import { supportFr } from './texts';
import styles from './support.module.css';

const t = supportFr.order;

type Story = SupportOrderQuery['supportOrder'];

const BLOCK = { section: styles.block };

/** What the order is: its number and id, when, who bought from whom, its total, status, slot and lines, its receipt. */
function OrderSummary({ story }: { story: Story }) {
  const { order } = story;
  const none = opsFr.common.none;
  return (
    <Section title={t.summary} classNames={BLOCK}>
      <dl className={styles.facts} data-testid="order-facts">
        <Fact term={t.number}>
          <span className={styles.number}>{order.number}</span>
        </Fact>
        <Fact term={t.orderId}>
          <span className={styles.label}>{order.order_id}</span>
        </Fact>
        <Fact term={t.placedAt}>
          <time dateTime={order.created_at}>{formatParisDateTime(order.created_at)}</time>
        </Fact>
        <Fact term={t.buyer}>{order.consumer_name || none}</Fact>
        <Fact term={t.cook}>{order.cook_name || none}</Fact>
        <Fact term={t.total}>{formatPrice(order.total_cents)}</Fact>
        <Fact term={t.status}>
          <OrderStatusBadge status={order.order_status} />
        </Fact>
        <Fact term={t.slot}>{order.pickup_start && order.pickup_end ? formatSlot(order.pickup_start, order.pickup_end) : none}</Fact>
        <Fact term={t.lines}>
          <ul className={styles.lines}>
            {order.items.map((line, index) => (
              <li key={index}>{t.line(line.name, line.quantity, formatPrice(line.price_cents * line.quantity))}</li>
            ))}
          </ul>
        </Fact>
        <Fact term={t.receipt}>{story.receipt_number ?? none}</Fact>
        {order.cancel_reason ? (
          <Fact term={t.cancelReason}>
            <span className={styles.text}>{order.cancel_reason}</span>
          </Fact>
        ) : null}
      </dl>
      {story.trace_url ? (
        <p className={styles.muted}>
          <a href={story.trace_url} target="_blank" rel="noopener noreferrer">
            {t.trace}
            <span className="pp-visually-hidden"> {opsFr.common.newTab}</span>
          </a>
        </p>
      ) : null}
    </Section>
  );
}

/**
 * An order's page for support: what it is, its whole story as each service told it (with 'Renvoyer'
 * on its emails, and what is missing when a service did not answer), its trace in Jaeger, and its
 * refund (or the form to refund a picked-up order).
 */
export function OrderPage() {
  const { orderId = '' } = useParams<{ orderId: string }>();
  const { data, previousData, error, loading, refetch } = useQuery(SupportOrderDocument, {
    variables: { order_id: orderId },
    requestPolicy: 'cache-and-network',
  });
  const shown = data ?? (loading && previousData?.supportOrder.order.order_id === orderId ? previousData : undefined);
  const reload = () => void refetch();

  let body: ReactNode;
  if (!shown) {
    body = <NotLoaded error={error} errorMessage={t.loadError} onRetry={refetch} loadingLabel={t.loading} />;
  } else {
    const story = shown.supportOrder;
    body = (
      <>
        <OrderSummary story={story} />
        <Section title={t.story} classNames={BLOCK}>
          {story.missing.length > 0 ? <p className={styles.warning}>{t.missing(story.missing.map(serviceLabel))}</p> : null}
          <OrderStory entries={story.entries} onChanged={reload} />
        </Section>
        <RefundBlock order={story.order} refund={story.refund} onChanged={reload} />
      </>
    );
  }

  return (
    <ConsolePage title={shown ? t.titleNumber(shown.supportOrder.order.number) : t.title}>
      <Link to={ORDERS} className={styles.back}>
        {t.back}
      </Link>
      {body}
    </ConsolePage>
  );
}
