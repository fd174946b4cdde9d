import { gql, type TypedDocumentNode } from '@apollo/client';

/** The cook's payout account, balances, ledger and payouts (issue 16). Types mirror bff/schema.graphql. */
export interface PayoutAccountData {
  status: 'none' | 'pending' | 'enabled';
  provider: 'sandbox' | 'stripe';
  account_id: string | null;
}
export interface LedgerEntryData {
  entry_id: string;
  kind: string;
  order_id: string | null;
  payout_id: string | null;
  pending_cents: number;
  available_cents: number;
  created_at: string;
}
export interface PayoutData {
  payout_id: string;
  amount_cents: number;
  status: 'pending' | 'paid' | 'failed';
  trigger: string;
  failure_reason: string | null;
  created_at: string;
}
export interface PayoutOverviewData {
  account: PayoutAccountData;
  commission_percent: number;
  available_cents: number;
  pending_cents: number;
  next_payout_at: string | null;
  in_flight: boolean;
  entries: LedgerEntryData[];
  payouts: PayoutData[];
}

const ACCOUNT_FIELDS = gql`
  fragment PayoutAccountFields on PayoutAccount {
    status
    provider
    account_id
  }
`;

export const COOK_PAYOUTS_QUERY: TypedDocumentNode<{ cookPayouts: PayoutOverviewData }, Record<string, never>> = gql`
  query CookPayouts {
    cookPayouts {
      account {
        ...PayoutAccountFields
      }
      commission_percent
      available_cents
      pending_cents
      next_payout_at
      in_flight
      entries {
        entry_id
        kind
        order_id
        payout_id
        pending_cents
        available_cents
        created_at
      }
      payouts {
        payout_id
        amount_cents
        status
        trigger
        failure_reason
        created_at
      }
    }
  }
  ${ACCOUNT_FIELDS}
`;

export const COOK_LEDGER_CSV_QUERY: TypedDocumentNode<{ cookLedgerCsv: { filename: string; csv: string } }, Record<string, never>> = gql`
  query CookLedgerCsv {
    cookLedgerCsv {
      filename
      csv
    }
  }
`;

export const CONNECT_PAYOUT_ACCOUNT: TypedDocumentNode<
  { connectPayoutAccount: { url: string; account: PayoutAccountData } },
  Record<string, never>
> = gql`
  mutation ConnectPayoutAccount {
    connectPayoutAccount {
      url
      account {
        ...PayoutAccountFields
      }
    }
  }
  ${ACCOUNT_FIELDS}
`;

export const COMPLETE_SANDBOX_ONBOARDING: TypedDocumentNode<{ completeSandboxOnboarding: PayoutAccountData }, Record<string, never>> = gql`
  mutation CompleteSandboxOnboarding {
    completeSandboxOnboarding {
      ...PayoutAccountFields
    }
  }
  ${ACCOUNT_FIELDS}
`;

export const REQUEST_PAYOUT: TypedDocumentNode<{ requestPayout: PayoutData }, { amount_cents?: number | null }> = gql`
  mutation RequestPayout($amount_cents: Int) {
    requestPayout(amount_cents: $amount_cents) {
      payout_id
      amount_cents
      status
      trigger
      failure_reason
      created_at
    }
  }
`;

/** The platform's commission invoice to the cook for one order (PDF made on the server, base64). */
export const COMMISSION_INVOICE_PDF_QUERY: TypedDocumentNode<
  { receiptPdf: { filename: string; pdf_base64: string } },
  { order_id: string }
> = gql`
  query CommissionInvoicePdf($order_id: ID!) {
    receiptPdf(order_id: $order_id, document: "commission_invoice") {
      filename
      pdf_base64
    }
  }
`;

/** The cook refunds a picked-up order in full; the amount is taken back from the cook's balance. */
export const REFUND_DELIVERED_ORDER: TypedDocumentNode<
  { refundDeliveredOrder: { refund_id: string; amount_cents: number } },
  { order_id: string }
> = gql`
  mutation RefundDeliveredOrder($order_id: ID!) {
    refundDeliveredOrder(order_id: $order_id) {
      refund_id
      amount_cents
    }
  }
`;
