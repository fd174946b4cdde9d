import { fr } from '@popote/ui';
import type { ReactNode } from 'react';
import styles from './simple-page.module.css';

/** A page under its h1, which is also the document's title (the cart, the checkout, the orders). */
export function SimplePage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="pp-page">
      <title>{`${title} · ${fr.brand}`}</title>
      <h1 className={styles.title}>{title}</h1>
      {children}
    </div>
  );
}
