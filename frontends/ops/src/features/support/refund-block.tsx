import { apiMessage, readApiError } from '@popote/auth';
import { useMutation } from '@popote/graphql';
import { formatPrice, Section, TextAreaField, TextField, toast } from '@popote/ui';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { formatParisDateTime } from '../reports/format';
import { Fact } from '../shared/fact';
import { ConfirmStep, CountedHint, FormError, useConfirmStep } from '../shared/form-parts';
import { SupportOrderDocument, SupportRefundDocument, type SupportRefundMutation } from './order.generated';
import type { SupportOrderFieldsFragment, SupportRefundFieldsFragment } from './support.generated';
import { refundAmountError, refundCents, refundReasonError, SUPPORT_REASON_MAX, useRequestId } from './support-forms';
import { supportFr } from './texts';
import styles from './support.module.css';

const t = supportFr.refund;

/**
 * The order's refund: its amount, where it came from (the order cancelled, the cook, support), its
 * reason and date, and whether the provider made it. `focus`: just made here, its amount takes the
 * focus (the form it was made with is gone).
 */
export function RefundSummary({ refund, focus = false }: { refund: SupportRefundFieldsFragment; focus?: boolean }) {
  const amount = useRef<HTMLElement>(null);
  useEffect(() => {
    if (focus) amount.current?.focus();
  }, [focus]);
  return (
    <dl className={styles.facts} data-testid="refund">
      <Fact term={t.amount}>
        <strong ref={amount} tabIndex={-1} className={styles.outcome}>
          {formatPrice(refund.amount_cents)}
        </strong>
      </Fact>
      <Fact term={t.origin}>{t.origins[refund.origin] ?? refund.origin}</Fact>
      {refund.reason ? (
        <Fact term={t.reason}>
          <span className={styles.text}>{refund.reason}</span>
        </Fact>
      ) : null}
      {refund.refunded_at ? (
        <Fact term={t.refundedAt}>
          <time dateTime={refund.refunded_at}>{formatParisDateTime(refund.refunded_at)}</time>
        </Fact>
      ) : null}
      <Fact term={t.status}>{t.statuses[refund.status] ?? refund.status}</Fact>
    </dl>
  );
}

interface RefundValues {
  amount: string;
  reason: string;
}

const EMPTY: RefundValues = { amount: '', reason: '' };

interface RefundFormProps {
  order: SupportOrderFieldsFragment;
  /** A refusal that a new reading of the order explains (refunded meanwhile, not paid, gone), or null when sending again. */
  onRefusal: (message: string | null) => void;
  /** Made: the block shows the refund. */
  onRefunded: () => void;
}

/**
 * 'Rembourser' a picked-up order, whole or in part: the amount in euros ('6', '6,50', '6.50'; above
 * zero, at most the total), the reason (written to the audit log and sent to the buyer), then a
 * confirmation naming the amount; changing either asks again. The request id stays the same while
 * the amount and reason do, so a retry after a network error is the same refund for payments.
 */
function RefundForm({ order, onRefusal, onRefunded }: RefundFormProps) {
  const [refund] = useMutation(SupportRefundDocument, {
    // The page shows the refund at once; it reads the story again for the steps it added.
    update: (cache, { data }: { data: SupportRefundMutation }) => {
      // Graphcache writes a type without a key inside its parent, by its __typename (the answer here has none).
      const refund = { __typename: 'SupportRefund' as const, ...data.supportRefund };
      cache.updateQuery({ query: SupportOrderDocument, variables: { order_id: order.order_id } }, (story) =>
        story ? { ...story, supportOrder: { ...story.supportOrder, refund } } : story,
      );
    },
  });
  const form = useForm<RefundValues>({ defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const amount = useWatch({ control: form.control, name: 'amount' }) ?? '';
  const reason = useWatch({ control: form.control, name: 'reason' }) ?? '';
  // Another amount or another reason: the confirmation is asked again.
  const confirmStep = useConfirmStep([amount, reason]);
  const [formError, setFormError] = useState<string | null>(null);
  const { idFor } = useRequestId();
  const total = formatPrice(order.total_cents);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    onRefusal(null);
    if (!confirmStep.confirming) {
      confirmStep.ask();
      return;
    }
    const cents = refundCents(values.amount) ?? 0;
    const text = values.reason.trim();
    try {
      await refund({
        variables: { input: { order_id: order.order_id, amount_cents: cents, reason: text, request_id: idFor(`${cents}\n${text}`) } },
      });
    } catch (error) {
      const { code, fields } = readApiError(error);
      const amountField = fields['amount_cents'];
      const reasonField = fields['reason'];
      if (amountField || reasonField) {
        confirmStep.leave();
        if (amountField) form.setError('amount', { type: 'server', message: amountField }, { shouldFocus: true });
        if (reasonField) form.setError('reason', { type: 'server', message: reasonField }, { shouldFocus: !amountField });
        return;
      }
      // The confirmation goes; 'Rembourser' takes the focus back, the message is announced.
      confirmStep.leave(true);
      const message = apiMessage(error, t.error);
      if (code === 'CONFLICT' || code === 'NOT_FOUND') {
        // Refunded meanwhile (once per order), not paid, or gone: the page reads the order again.
        onRefusal(message);
        return;
      }
      setFormError(message);
      return;
    }
    toast.success(t.done(formatPrice(cents)), { id: `refund-${order.order_id}` });
    onRefunded();
  });

  const cents = refundCents(amount);
  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <TextField
        label={t.amountLabel}
        hint={t.amountHint(total)}
        inputMode="decimal"
        autoComplete="off"
        className={styles.amountField}
        error={errors.amount?.message}
        {...form.register('amount', { validate: (value) => refundAmountError(value, order.total_cents) })}
      />
      <TextAreaField
        label={t.reasonLabel}
        rows={3}
        maxLength={SUPPORT_REASON_MAX}
        hint={<CountedHint hint={t.reasonHint} length={reason.length} max={SUPPORT_REASON_MAX} />}
        error={errors.reason?.message}
        {...form.register('reason', { validate: refundReasonError })}
      />

      <FormError message={formError} />

      <ConfirmStep
        step={confirmStep}
        lead={t.confirmLead}
        confirm={t.confirm(formatPrice(cents ?? 0))}
        submit={t.submit}
        busy={isSubmitting}
      />
    </form>
  );
}

/**
 * The refund block of an order's page: its refund when there is one; else, for a picked-up order,
 * the form; else why not here (an order on its way is cancelled, which refunds it whole).
 */
export function RefundBlock({
  order,
  refund,
  onChanged,
}: {
  order: SupportOrderFieldsFragment;
  refund: SupportRefundFieldsFragment | null;
  onChanged: () => void;
}) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const [refundedHere, setRefundedHere] = useState(false);

  let body: ReactNode;
  if (refund) body = <RefundSummary refund={refund} focus={refundedHere} />;
  else if (order.order_status === 'delivered')
    body = (
      <RefundForm
        order={order}
        onRefusal={(message) => {
          setRefusal(message);
          if (message) onChanged();
        }}
        onRefunded={() => {
          setRefundedHere(true);
          onChanged();
        }}
      />
    );
  else body = <p className={styles.muted}>{t.pickedUpOnly}</p>;

  return (
    <Section title={t.title} classNames={{ section: styles.block }}>
      {/* Above the form or the refund: a new reading of the order may have replaced the form by the refund. */}
      <FormError message={refusal} />
      {body}
    </Section>
  );
}
