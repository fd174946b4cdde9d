import type { ReceiptQuery } from '../../generated/graphql';

/** An order's receipt (issue 16): typed documents generated from receipt.query.graphql. */
export { ReceiptDocument as RECEIPT_QUERY, ReceiptPdfDocument as RECEIPT_PDF_QUERY } from '../../generated/graphql';

export type ReceiptData = ReceiptQuery['receipt'];
