import type { ReceiptQuery } from './receipt.query.generated';

export type ReceiptData = ReceiptQuery['receipt'];
