import { useId, type ReactNode } from 'react';

export interface SectionProps {
  title: ReactNode;
  /** The heading's id, which names the section; generated when not given. */
  titleId?: string;
  /** The heading's level: h2 unless said. */
  level?: 1 | 2 | 3;
  /** What the section offers (a button, a link), after the heading in its header row. */
  actions?: ReactNode;
  id?: string;
  /**
   * The section's, the heading's and the header row's classes. With a `header` key, the heading
   * and the actions share a row (a div of that class); without one, they follow each other.
   */
  classNames?: { section?: string | undefined; header?: string | undefined; title?: string | undefined };
  children: ReactNode;
}

/** A part of a page that is a landmark named by its own heading (`aria-labelledby`). */
export function Section({ title, titleId, level = 2, actions, id, classNames = {}, children }: SectionProps) {
  const generated = useId();
  const headingId = titleId ?? generated;
  const Heading = `h${level}` as const;
  const heading = (
    <Heading id={headingId} className={classNames.title}>
      {title}
    </Heading>
  );
  return (
    <section id={id} className={classNames.section} aria-labelledby={headingId}>
      {!('header' in classNames) ? (
        <>
          {heading}
          {actions}
        </>
      ) : (
        <div className={classNames.header}>
          {heading}
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}
