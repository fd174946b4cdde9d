import { useAuth } from '@popote/auth';
import { Spinner } from '@popote/ui';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { ReportSubject } from './report-dialog';
import { reportFr as t } from './texts';
import styles from './report.module.css';

// The dialog, its form library and zod load on the first click, not with the page.
const ReportDialog = lazy(() => import('./report-dialog').then((module) => ({ default: module.ReportDialog })));

export interface ReportButtonProps {
  subject: ReportSubject;
  /** Whose it is (the cook of a dish, the cook of a page): they are not offered to report it. */
  ownerId?: string;
  className?: string;
}

/**
 * 'Signaler' a dish, a cook or a review (named « Signaler ce plat »...): opens the report dialog,
 * and gives the focus back to the button when it closes.
 */
export function ReportButton({ subject, ownerId, className }: ReportButtonProps) {
  const auth = useAuth();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);

  if (ownerId && auth.status === 'signed-in' && auth.user.user_id === ownerId) return null;

  return (
    <>
      <button
        ref={button}
        type="button"
        className={`${styles.trigger} ${className ?? ''}`}
        aria-label={t.buttonLabel[subject.kind]}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <FlagIcon />
        {t.button}
      </button>
      {open ? (
        <Suspense fallback={<Spinner size="sm" label={t.loading} />}>
          <ReportDialog subject={subject} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

function FlagIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="16"
      height="16"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
    >
      <path d="M5 21V4" strokeLinecap="round" />
      <path d="M5 4h11l-2 4 2 4H5" />
    </svg>
  );
}
