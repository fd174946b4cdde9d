import type { ReceiptQuery } from './receipt.query.generated';

/** An order's receipt: typed documents generated from receipt.query.graphql. */
export { ReceiptDocument as RECEIPT_QUERY, ReceiptPdfDocument as RECEIPT_PDF_QUERY } from './receipt.query.generated';

export type ReceiptData = ReceiptQuery['receipt'];
