import { fr } from '@popote/ui';
import type { ReactNode } from 'react';
import { opsFr } from '../texts';
import styles from './console.module.css';

export interface ConsolePageProps {
  /** The page's h1 and the start of the document's title. */
  title: string;
  lead?: ReactNode;
  /** What the page offers as a whole (an export), beside its title. */
  actions?: ReactNode;
  children: ReactNode;
}

/** A page of the console: the document title, its h1 (with `actions` beside it) and its content. */
export function ConsolePage({ title, lead, actions, children }: ConsolePageProps) {
  return (
    <div className={styles.page}>
      <title>{`${title} · ${opsFr.brand} · ${fr.brand}`}</title>
      <div className={styles.pageHeader}>
        <h1 className={styles.pageTitle}>{title}</h1>
        {actions ? <div className={styles.pageActions}>{actions}</div> : null}
      </div>
      {lead ? <p className={styles.lead}>{lead}</p> : null}
      {children}
    </div>
  );
}
