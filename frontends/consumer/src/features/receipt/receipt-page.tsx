import { useQuery } from '@popote/graphql';
import { apiMessage } from '@popote/auth';
import {
  discountLabel,
  Button,
  buttonClassName,
  DataTable,
  formatLongDateTime,
  formatPrice,
  formatSlot,
  fr,
  NUMBER_CELL,
  QueryState,
  savePdf,
  Section,
  useFileDownload,
} from '@popote/ui';
import { Link, useParams } from '@popote/router';
import { ReceiptDocument, ReceiptPdfDocument } from './receipt.query.generated';
import styles from './receipt-page.module.css';
import { frOrders } from '@popote/ui/fr-orders';

const t = frOrders.orders.receipt;
const ts = frOrders.slots;

/** /orders/:orderId/receipt — the consumer's receipt (seller, SIRET and VAT mention when given), and its PDF. */
export function ReceiptPage() {
  const { orderId = '' } = useParams();
  const { data, error, refetch } = useQuery(ReceiptDocument, { variables: { order_id: orderId }, requestPolicy: 'cache-and-network' });
  const [download, downloading] = useFileDownload({
    document: ReceiptPdfDocument,
    variables: { order_id: orderId },
    save: ({ receiptPdf }) => savePdf(receiptPdf.filename, receiptPdf.pdf_base64),
    failure: (err) => apiMessage(err, t.downloadError),
    toastId: 'receipt-pdf',
  });

  if (!data)
    return (
      <QueryState page error={error} errorMessage={apiMessage(error, t.loadError)} onRetry={() => refetch()} loadingLabel={t.loading} />
    );
  const r = data.receipt;
  // Delivered by the cook (ADR 0044): the fee is its own line, without commission.
  const fee = r.delivery_fee_cents;
  const delivered = r.delivery_option === 'delivery';
  // A promotion (ADR 0045): its own line, with who funded it; the total paid is net of it.
  const discount = r.discount_cents;

  return (
    <div className="pp-page">
      <title>{`${t.pageTitle} ${r.number} · ${fr.brand}`}</title>
      <article className={styles.receipt} aria-labelledby="receipt-title">
        <header className={styles.header}>
          <h1 id="receipt-title" className={styles.title}>
            {t.title(r.number)}
          </h1>
          <p className={styles.muted}>
            {t.issuedOn(formatLongDateTime(r.issued_at))} · {t.order(r.order_id)}
          </p>
        </header>
        <Section titleId="receipt-seller" title={t.soldBy} classNames={{ section: styles.seller, title: styles.subtitle }}>
          <p>
            <Link to={`/cook/${encodeURIComponent(r.cook_id)}`}>{r.cook_name}</Link>
          </p>
          {r.cook_siret ? <p>{t.siret(r.cook_siret)}</p> : null}
        </Section>
        {r.pickup_start && r.pickup_end ? (
          <section aria-label={delivered ? t.deliveryAt : ts.pickupAt} className={styles.pickup}>
            <p>
              <strong>{`${delivered ? t.deliveryAt : ts.pickupAt} : `}</strong>
              {formatSlot(r.pickup_start, r.pickup_end)}
            </p>
            {r.pickup_place && !delivered ? (
              <p>
                <strong>{`${t.place} : `}</strong>
                {r.pickup_place.street
                  ? `${r.pickup_place.street}, ${r.pickup_place.postcode} ${r.pickup_place.city}`
                  : `${r.pickup_place.postcode} ${r.pickup_place.city}`}
                {r.pickup_place.street ? null : <span className={styles.muted}>{` (${ts.addressHidden})`}</span>}
              </p>
            ) : null}
          </section>
        ) : null}
        <DataTable
          className={styles.table}
          columns={[
            { label: t.dish },
            { label: t.quantity, number: true },
            { label: t.unitPrice, number: true },
            { label: t.amount, number: true },
          ]}
          footer={
            <tr>
              <th scope="row" colSpan={3}>
                {t.total}
              </th>
              <td className={NUMBER_CELL} data-testid="receipt-total">
                {formatPrice(r.total_cents)}
              </td>
            </tr>
          }
        >
          {r.lines.map((line, index) => (
            <tr key={`${line.name}-${index}`}>
              <th scope="row">{line.name}</th>
              <td className={NUMBER_CELL}>{line.quantity}</td>
              <td className={NUMBER_CELL}>{formatPrice(line.unit_price_cents)}</td>
              <td className={NUMBER_CELL}>{formatPrice(line.unit_price_cents * line.quantity)}</td>
            </tr>
          ))}
          {fee > 0 ? (
            <tr data-testid="receipt-delivery-fee">
              <th scope="row">{t.deliveryFee}</th>
              <td className={NUMBER_CELL}>1</td>
              <td className={NUMBER_CELL}>{formatPrice(fee)}</td>
              <td className={NUMBER_CELL}>{formatPrice(fee)}</td>
            </tr>
          ) : null}
          {discount > 0 ? (
            <tr data-testid="receipt-discount">
              <th scope="row">{discountLabel(r.discount_name, r.discount_funder)}</th>
              <td className={NUMBER_CELL} />
              <td className={NUMBER_CELL} />
              <td className={NUMBER_CELL}>{formatPrice(-discount)}</td>
            </tr>
          ) : null}
        </DataTable>
        {r.refunded_at ? (
          <p className={styles.refunded} role="status">
            {r.refunded_cents !== null && r.refunded_cents < r.total_cents
              ? t.refundedPart(formatPrice(r.refunded_cents), formatLongDateTime(r.refunded_at))
              : t.refunded(formatLongDateTime(r.refunded_at))}
          </p>
        ) : null}
        {r.vat_mention ? <p className={styles.vat}>{r.vat_mention}</p> : null}
        <p className={styles.muted}>
          {(delivered ? t.intermediaryDelivery : t.intermediary)(String(r.commission_percent).replace('.', ','))}
        </p>
        <div className={styles.actions}>
          <Button onClick={() => void download()} loading={downloading}>
            {t.downloadPdf}
          </Button>
          <Link to="/orders" className={buttonClassName({ variant: 'outline' })}>
            {t.back}
          </Link>
        </div>
      </article>
    </div>
  );
}
