import { useId, type ReactNode } from 'react';
import styles from './dock-panel.module.css';

export interface DockPanelProps {
  /** The frame and its place on the screen: a class composing `dockPanel` from blocks.module.css. */
  className: string | undefined;
  /** Names the panel (a complementary landmark). */
  title: ReactNode;
  body: ReactNode;
  /** Its buttons, at the end of the line (under the text when it is too narrow). */
  actions: ReactNode;
  titleId?: string;
}

/** A panel floating at the bottom of the screen that offers something (install the app, turn notifications on). */
export function DockPanel({ className, title, body, actions, titleId }: DockPanelProps) {
  const generated = useId();
  const id = titleId ?? generated;
  return (
    <aside className={className} aria-labelledby={id}>
      <div className={styles.text}>
        <p id={id} className={styles.title}>
          {title}
        </p>
        <p className={styles.body}>{body}</p>
      </div>
      <div className={styles.actions}>{actions}</div>
    </aside>
  );
}
