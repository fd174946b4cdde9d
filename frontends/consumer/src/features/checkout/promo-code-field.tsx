import { useGraphQLClient } from '@popote/graphql';
import { apiMessage } from '@popote/auth';
import { Button, FieldMessages, formatPrice, TextField } from '@popote/ui';
import { normalizeCode, PROMOTION_LIMITS, PROMOTION_MESSAGES } from '@popote/rules';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { frOrders } from '@popote/ui/fr-orders';
import { PromoCodeDocument } from './graphql/checkout.generated';
import type { DiscountData } from './graphql/checkout';
import styles from './promo-code-field.module.css';

const t = frOrders.promo;

/** What a code looks like (the cook's form accepts no other): anything else is no code, and costs no attempt. */
const CODE = new RegExp(`^[A-Z0-9]{${PROMOTION_LIMITS.codeMin},${PROMOTION_LIMITS.codeMax}}$`);

/**
 * « Code promo » under a cook's part (ADR 0045). 'Appliquer' asks the server what the code takes off
 * this buyer's basket at this cook now (never from the cache: the attempts are counted), then shows
 * « CODE : −1,05 € » with 'Retirer'; a refusal is the server's French message, under the field. The
 * code applied is sent with the checkout, where the server applies it again (or refuses it).
 */
export function PromoCodeField({
  cookId,
  applied,
  onApplied,
  onRemoved,
  disabled = false,
}: {
  cookId: string;
  applied: DiscountData | null;
  onApplied: (discount: DiscountData) => void;
  onRemoved: () => void;
  disabled?: boolean;
}) {
  const client = useGraphQLClient();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const removed = useRef(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  // 'Retirer' gives the focus back to the field it replaces.
  useEffect(() => {
    if (applied || !removed.current) return;
    removed.current = false;
    input.current?.focus();
  }, [applied]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (checking) return;
    const code = normalizeCode(typed);
    if (!code || !CODE.test(code)) {
      setError(code ? PROMOTION_MESSAGES.unknown : t.required);
      return;
    }
    setError(null);
    setChecking(true);
    try {
      const { promoCode } = await client.query(PromoCodeDocument, { cook_id: cookId, code }, { requestPolicy: 'network-only' });
      setTyped('');
      onApplied({ ...promoCode, code: promoCode.code ?? code });
    } catch (err) {
      setError(apiMessage(err, t.checkError));
    } finally {
      setChecking(false);
    }
  };

  if (applied) {
    const code = applied.code ?? '';
    const remove = () => {
      removed.current = true;
      onRemoved();
    };
    return (
      <div className={styles.applied}>
        <p className={styles.appliedText} role="status">
          <strong className={styles.appliedCode}>{t.applied(code, formatPrice(-applied.cents))}</strong>
          <span className={styles.name}>{` · ${applied.name}`}</span>
        </p>
        <Button variant="outline" size="sm" aria-label={t.removeCode(code)} disabled={disabled} onClick={remove}>
          {t.remove}
        </Button>
      </div>
    );
  }

  return (
    <form className={styles.promo} onSubmit={(event) => void onSubmit(event)} noValidate>
      <TextField
        ref={input}
        id={id}
        className={styles.field}
        label={t.label}
        name="promo-code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={PROMOTION_LIMITS.codeMax}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          setError(null);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        disabled={disabled}
      />
      <Button type="submit" variant="outline" loading={checking} disabled={disabled}>
        {t.apply}
      </Button>
      {/* Announced as it shows: it comes after the server answered. */}
      <FieldMessages id={id} error={error ?? undefined} alert />
    </form>
  );
}
