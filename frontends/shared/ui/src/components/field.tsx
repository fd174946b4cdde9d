import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import styles from './field.module.css';

interface FieldFrameProps {
  label: ReactNode;
  /** Short help under the control. */
  hint?: ReactNode;
  /** Validation message; marks the control invalid and is read with it. */
  error?: string | undefined;
}

function describedBy(id: string, hint: unknown, error: unknown, extra?: string): string | undefined {
  const ids = [extra, hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

function FieldMessages({ id, hint, error }: { id: string; hint?: ReactNode; error?: string | undefined }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </>
  );
}

interface ControlProps {
  id: string;
  className: string | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** Label, control and messages, wired for screen readers; the control is rendered by `children`. */
function FieldFrame({
  label,
  hint,
  error,
  id,
  className,
  describedBy: extra,
  children,
}: FieldFrameProps & { id?: string; className?: string; describedBy?: string; children: (control: ControlProps) => ReactNode }) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      {children({
        id: inputId,
        className: styles.control,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy(inputId, hint, error, extra),
      })}
      <FieldMessages id={inputId} hint={hint} error={error} />
    </div>
  );
}

export type TextFieldProps = FieldFrameProps & ComponentPropsWithRef<'input'>;

/**
 * A labelled input with its help and error texts wired for screen readers.
 * Accepts react-hook-form's `register()` result (ref included) as props.
 */
export function TextField({ label, hint, error, id, className, 'aria-describedby': extra, ...input }: TextFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} id={id} className={className} describedBy={extra}>
      {(control) => <input {...control} {...input} />}
    </FieldFrame>
  );
}

export type TextAreaFieldProps = FieldFrameProps & ComponentPropsWithRef<'textarea'>;

export function TextAreaField({ label, hint, error, id, className, 'aria-describedby': extra, rows = 4, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} id={id} className={className} describedBy={extra}>
      {(control) => <textarea {...control} rows={rows} {...textarea} />}
    </FieldFrame>
  );
}

export type SelectFieldProps = FieldFrameProps & ComponentPropsWithRef<'select'>;

/** A labelled native select (options as children), wired like TextField. */
export function SelectField({ label, hint, error, id, className, 'aria-describedby': extra, children, ...select }: SelectFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} id={id} className={className} describedBy={extra}>
      {(control) => (
        <select {...control} {...select}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}
