import { useGraphQLClient, useQuery } from '@popote/graphql';
import { Button, buttonClassName, formatLongDateTime, formatPrice, formatSlot, fr, QueryState, toast } from '@popote/ui';
import { useState } from 'react';
import { Link, useParams } from '@popote/router';
import { apiMessage } from '../../lib/api-message';
import { RECEIPT_PDF_QUERY, RECEIPT_QUERY } from './receipt.graphql';
import styles from './receipt-page.module.css';
import { frOrders } from '@popote/ui/fr-orders';

const t = frOrders.orders.receipt;
const ts = frOrders.slots;

/** Saves a base64 PDF made by the server (no second, cookie-carrying request). */
function savePdf(filename: string, base64: string): void {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** /orders/:orderId/receipt — the consumer's receipt (seller, SIRET and VAT mention when given), and its PDF. */
export function ReceiptPage() {
  const { orderId = '' } = useParams();
  const client = useGraphQLClient();
  const [downloading, setDownloading] = useState(false);
  const { data, error, refetch } = useQuery(RECEIPT_QUERY, { variables: { order_id: orderId }, requestPolicy: 'cache-and-network' });

  if (!data)
    return (
      <QueryState page error={error} errorMessage={apiMessage(error, t.loadError)} onRetry={() => refetch()} loadingLabel={t.loading} />
    );
  const r = data.receipt;

  const onDownload = async () => {
    setDownloading(true);
    try {
      const pdf = await client.query(RECEIPT_PDF_QUERY, { order_id: orderId }, { requestPolicy: 'network-only' });
      if (!pdf) throw new Error('no data');
      savePdf(pdf.receiptPdf.filename, pdf.receiptPdf.pdf_base64);
    } catch (err) {
      toast.error(apiMessage(err, t.downloadError), { id: 'receipt-pdf' });
    } finally {
      setDownloading(false);
    }
  };

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
        <section aria-labelledby="receipt-seller" className={styles.seller}>
          <h2 id="receipt-seller" className={styles.subtitle}>
            {t.soldBy}
          </h2>
          <p>
            <Link to={`/cook/${encodeURIComponent(r.cook_id)}`}>{r.cook_name}</Link>
          </p>
          {r.cook_siret ? <p>{t.siret(r.cook_siret)}</p> : null}
        </section>
        {r.pickup_start && r.pickup_end ? (
          <section aria-label={ts.pickupAt} className={styles.pickup}>
            <p>
              <strong>{`${ts.pickupAt} : `}</strong>
              {formatSlot(r.pickup_start, r.pickup_end)}
            </p>
            {r.pickup_place ? (
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
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t.dish}</th>
              <th scope="col" className={styles.number}>
                {t.quantity}
              </th>
              <th scope="col" className={styles.number}>
                {t.unitPrice}
              </th>
              <th scope="col" className={styles.number}>
                {t.amount}
              </th>
            </tr>
          </thead>
          <tbody>
            {r.lines.map((line, index) => (
              <tr key={`${line.name}-${index}`}>
                <th scope="row">{line.name}</th>
                <td className={styles.number}>{line.quantity}</td>
                <td className={styles.number}>{formatPrice(line.unit_price_cents)}</td>
                <td className={styles.number}>{formatPrice(line.unit_price_cents * line.quantity)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                {t.total}
              </th>
              <td className={styles.number} data-testid="receipt-total">
                {formatPrice(r.total_cents)}
              </td>
            </tr>
          </tfoot>
        </table>
        {r.refunded_at ? (
          <p className={styles.refunded} role="status">
            {t.refunded(formatLongDateTime(r.refunded_at))}
          </p>
        ) : null}
        {r.vat_mention ? <p className={styles.vat}>{r.vat_mention}</p> : null}
        <p className={styles.muted}>{t.intermediary(String(r.commission_percent).replace('.', ','))}</p>
        <div className={styles.actions}>
          <Button onClick={() => void onDownload()} loading={downloading}>
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
