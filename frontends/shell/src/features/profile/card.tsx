import { Button, Section, type ButtonVariant } from '@popote/ui';
import { frAccount } from '@popote/ui/fr-account';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import styles from './profile-page.module.css';

/** A titled section of the profile page (a landmark named by its heading). */
export function Card({ id, title, actions, children }: { id?: string; title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Section
      id={id}
      title={title}
      actions={actions}
      classNames={{ section: styles.card, header: styles.cardHeader, title: styles.cardTitle }}
    >
      {children}
    </Section>
  );
}

/**
 * The part of a card that opens on demand (a form, a confirmation): opening focuses `panel` when
 * it is attached; closing gives the focus back to `toggle` (the button that opened it) when it is.
 */
export function useCardPanel() {
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (open) panel.current?.focus();
    else if (returnFocus.current) {
      returnFocus.current = false;
      toggle.current?.focus();
    }
  }, [open]);

  return {
    open,
    panel,
    toggle,
    show: () => setOpen(true),
    close: () => {
      returnFocus.current = true;
      setOpen(false);
    },
  };
}

/** A card read as `view`, or edited in `form` after its 'Modifier' button (to which the focus returns). */
export function EditableCard({ title, view, form }: { title: string; view: ReactNode; form: (close: () => void) => ReactNode }) {
  const { open, toggle, show, close } = useCardPanel();
  return (
    <Card
      title={title}
      actions={
        open ? null : (
          <Button ref={toggle} variant="outline" size="sm" onClick={show}>
            {frAccount.profile.edit}
          </Button>
        )
      }
    >
      {open ? form(close) : view}
    </Card>
  );
}

/** A form's reason that no field carries (a refusal of the server), read out at once. */
export function FormError({ message }: { message: string | null }) {
  return message ? (
    <p className={styles.formError} role="alert">
      {message}
    </p>
  ) : null;
}

/** The submit button of a card's form, and 'Annuler' when the form can be left. */
export function FormActions({
  submit,
  variant = 'primary',
  loading,
  onCancel,
}: {
  submit: string;
  variant?: ButtonVariant;
  loading: boolean;
  onCancel?: () => void;
}) {
  return (
    <div className={styles.formActions}>
      <Button type="submit" variant={variant} loading={loading}>
        {submit}
      </Button>
      {onCancel ? (
        <Button variant="outline" onClick={onCancel} disabled={loading}>
          {frAccount.profile.cancel}
        </Button>
      ) : null}
    </div>
  );
}
