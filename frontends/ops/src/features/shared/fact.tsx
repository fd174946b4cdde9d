import type { ReactNode } from 'react';
import styles from './facts.module.css';

/** One fact of a `<dl>` (its class: `facts`, or a class composing it): its term and its value. */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
