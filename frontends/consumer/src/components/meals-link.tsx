import { buttonClassName, Notice } from '@popote/ui';
import type { ReactNode } from 'react';
import { Link } from '@popote/router';

/** A button to /meals, the way out of an empty or missing page. */
export function MealsLink({ children }: { children: ReactNode }) {
  return (
    <Link to="/meals" className={buttonClassName({ variant: 'primary' })}>
      {children}
    </Link>
  );
}

/** Nothing to show here (an empty cart, no orders yet...): says so, with a button to the meals. */
export function MealsNotice({ message, linkLabel }: { message: ReactNode; linkLabel: string }) {
  return <Notice message={message} actions={<MealsLink>{linkLabel}</MealsLink>} />;
}
