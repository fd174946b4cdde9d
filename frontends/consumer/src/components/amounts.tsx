import { formatPrice } from '@popote/ui';
import styles from './amounts.module.css';

export interface AmountLine {
  label: string;
  cents: number;
  /**
   * `muted`: a line that costs nothing (the pick-up); `discount`: a promotion's negative cents (ADR
   * 0045); `total`: the last line, in the accent colour.
   */
  tone?: 'muted' | 'discount' | 'total';
}

/** A cart's or a checkout's amounts, a label and its price per line; `ruled`: the total under a rule (the cart). */
export function Amounts({ lines, ruled = false }: { lines: readonly AmountLine[]; ruled?: boolean }) {
  return (
    <dl className={ruled ? `${styles.amounts} ${styles.ruled}` : styles.amounts}>
      {lines.map((line, index) => (
        // Two cooks' promotions may bear the same name.
        <div key={`${index}-${line.label}`} className={line.tone ? `${styles.amount} ${styles[line.tone]}` : styles.amount}>
          <dt>{line.label}</dt>
          <dd>{formatPrice(line.cents)}</dd>
        </div>
      ))}
    </dl>
  );
}
