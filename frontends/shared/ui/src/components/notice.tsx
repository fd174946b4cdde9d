import type { ReactNode } from 'react';
import styles from './notice.module.css';

export interface NoticeProps {
  title?: string;
  /** Heading level of the title, so the notice fits the page outline. */
  titleAs?: 'h1' | 'h2' | 'h3';
  message: ReactNode;
  tone?: 'neutral' | 'error';
  /** Buttons or links offered to the person (retry, go home...). */
  actions?: ReactNode;
}

/**
 * A centred panel for empty, error and "not found" states. `data-pp-notice` marks it as a page's
 * content (not its loading state): the shell's first paint gives way to it (first-paint/release.ts).
 */
export function Notice({ title, titleAs: Title = 'h2', message, tone = 'neutral', actions }: NoticeProps) {
  return (
    <section
      className={`${styles.notice} ${tone === 'error' ? styles.error : ''}`}
      role={tone === 'error' ? 'alert' : undefined}
      data-pp-notice=""
    >
      {title ? <Title className={styles.title}>{title}</Title> : null}
      <p className={styles.message}>{message}</p>
      {actions}
    </section>
  );
}
