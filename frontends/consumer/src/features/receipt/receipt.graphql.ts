import { gql, type TypedDocumentNode } from '@apollo/client';

/** An order's receipt (issue 16). Types mirror bff/schema.graphql. */
export interface ReceiptData {
  order_id: string;
  number: string;
  issued_at: string;
  cook_id: string;
  cook_name: string;
  cook_siret: string | null;
  vat_mention: string | null;
  lines: Array<{ name: string; quantity: number; unit_price_cents: number }>;
  total_cents: number;
  commission_percent: number;
  refunded_at: string | null;
}

export const RECEIPT_QUERY: TypedDocumentNode<{ receipt: ReceiptData }, { order_id: string }> = gql`
  query Receipt($order_id: ID!) {
    receipt(order_id: $order_id) {
      order_id
      number
      issued_at
      cook_id
      cook_name
      cook_siret
      vat_mention
      lines {
        name
        quantity
        unit_price_cents
      }
      total_cents
      commission_percent
      refunded_at
    }
  }
`;

export const RECEIPT_PDF_QUERY: TypedDocumentNode<{ receiptPdf: { filename: string; pdf_base64: string } }, { order_id: string }> = gql`
  query ReceiptPdf($order_id: ID!) {
    receiptPdf(order_id: $order_id, document: "receipt") {
      filename
      pdf_base64
    }
  }
`;
