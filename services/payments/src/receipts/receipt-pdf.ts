import { euros, formatPickupSlot, RECEIPT_MESSAGES, receiptRefundText, type ReceiptDto } from '@popote/contracts';
import PDFDocument from 'pdfkit';

const parisDate = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));

/** "Retrait : mardi 24 novembre, 11:30–11:45" and the place (the street once the cook confirmed). */
export function pickupLines(r: Pick<ReceiptDto, 'pickup_start' | 'pickup_end' | 'pickup_place' | 'delivery_option'>): string[] {
  const out: string[] = [];
  // A delivery: its slot, never the cook's address nor the buyer's (ADR 0044).
  if (r.delivery_option === 'delivery')
    return r.pickup_start && r.pickup_end ? [RECEIPT_MESSAGES.deliverySlot(formatPickupSlot(r.pickup_start, r.pickup_end))] : [];
  if (r.pickup_start && r.pickup_end) out.push(RECEIPT_MESSAGES.pickupSlot(formatPickupSlot(r.pickup_start, r.pickup_end)));
  const p = r.pickup_place;
  if (r.pickup_start && p)
    out.push(p.street ? RECEIPT_MESSAGES.pickupAddress(p.street, p.postcode, p.city) : RECEIPT_MESSAGES.pickupCommune(p.postcode, p.city));
  return out;
}

/**
 * The consumer's receipt, or the platform's commission invoice to the cook, as a PDF (pdfkit,
 * Helvetica: its WinAnsi encoding covers French accents, « », œ and €).
 */
export function renderPdf(r: ReceiptDto, document: 'receipt' | 'commission_invoice'): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: {
      Title: document === 'receipt' ? `Reçu ${r.number}` : `Facture de commission ${r.commission_invoice_number}`,
      Author: 'Popote',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const row = (label: string, amount: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(label, left, y, { width: right - left - 120 });
    const after = doc.y;
    doc.text(amount, right - 120, y, { width: 120, align: 'right' });
    doc.y = Math.max(after, doc.y);
  };
  const rule = () => {
    doc
      .moveTo(left, doc.y + 4)
      .lineTo(right, doc.y + 4)
      .strokeColor('#cccccc')
      .stroke();
    doc.moveDown(0.8);
  };
  /** The document's title and number, when it was issued for which order, and the cook it is from or to. */
  const heading = (title: string, issued: 'Émis' | 'Émise', party: string, name: string) => {
    doc.font('Helvetica-Bold').fontSize(16).text(title);
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(`${issued} le ${parisDate(r.issued_at)} — commande ${r.order_id.slice(-8)}`);
    doc.moveDown();
    doc.font('Helvetica-Bold').text(party);
    doc.font('Helvetica').text(name);
  };

  doc.font('Helvetica-Bold').fontSize(20).text('Popote');
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor('#555555')
    .text('Plats faits maison, cuisinés par vos voisins — plateforme de mise en relation');
  doc.fillColor('#000000').moveDown(1.5);

  if (document === 'receipt') {
    heading(`Reçu de vente n° ${r.number}`, 'Émis', 'Vendu par', `${r.cook_name}, cuisinier·ère sur Popote`);
    if (r.cook_siret) doc.text(`SIRET : ${r.cook_siret.replace(/^(\d{3})(\d{3})(\d{3})(\d{5})$/, '$1 $2 $3 $4')}`);
    doc.moveDown();
    for (const line of pickupLines(r)) doc.text(line);
    if (r.pickup_start) doc.moveDown();
    doc.fontSize(11);
    row('Plat', 'Montant', true);
    rule();
    for (const line of r.lines)
      row(`${line.name} × ${line.quantity} (${euros(line.unit_price_cents)} l’unité)`, euros(line.unit_price_cents * line.quantity));
    if (r.discount_cents) row(RECEIPT_MESSAGES.discountLine(r.discount_name ?? '', r.discount_funder), euros(-r.discount_cents));
    if (r.delivery_fee_cents) row(RECEIPT_MESSAGES.deliveryLine, euros(r.delivery_fee_cents));
    rule();
    row('Total payé', euros(r.total_cents), true);
    doc.moveDown();
    doc.fontSize(10);
    if (r.refunded_at)
      doc
        .font('Helvetica-Bold')
        .text(receiptRefundText(r, parisDate(r.refunded_at)))
        .font('Helvetica');
    if (r.vat_mention) doc.text(r.vat_mention);
    doc.moveDown();
    doc
      .fillColor('#555555')
      .text(
        'Le vendeur est le cuisinier ou la cuisinière nommé ci-dessus ; Popote encaisse le paiement pour son compte ' +
          (r.delivery_option === 'delivery'
            ? RECEIPT_MESSAGES.commissionDishesOnly(String(r.commission_percent).replace('.', ','))
            : `et perçoit une commission de ${String(r.commission_percent).replace('.', ',')} %.`),
      );
  } else {
    heading(`Facture de commission n° ${r.commission_invoice_number}`, 'Émise', 'Facturé à', r.cook_name);
    if (r.cook_siret) doc.text(`SIRET : ${r.cook_siret}`);
    doc.moveDown();
    doc.fontSize(11);
    row('Désignation', 'Montant', true);
    rule();
    row(`Vente de la commande ${r.order_id.slice(-8)} (reçu ${r.number})`, euros(r.total_cents - r.delivery_fee_cents));
    if (r.platform_contribution_cents) row(RECEIPT_MESSAGES.contributionLine, euros(r.platform_contribution_cents));
    if (r.delivery_fee_cents) row(`${RECEIPT_MESSAGES.deliveryLine} (sans commission)`, euros(r.delivery_fee_cents));
    row(`Commission Popote (${String(r.commission_percent).replace('.', ',')} %)`, euros(r.commission_cents), true);
    rule();
    row('Reversé au cuisinier', euros(r.cook_cents));
    doc.moveDown();
    doc
      .fontSize(10)
      .fillColor('#555555')
      .text('La commission est retenue sur le montant de la vente ; le solde est versé sur votre compte de versement.');
  }
  doc.end();
  return done;
}
