import type { ReactNode } from 'react';
import { Link } from '@popote/router';

/** A link back (to the meals, to the cart), after an arrow that screen readers skip. */
export function BackLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  return (
    <Link to={to} className={className}>
      <span aria-hidden="true">← </span>
      {children}
    </Link>
  );
}
