import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import styles from './field.module.css';

interface FieldFrameProps {
  label: ReactNode;
  /** Short help under the control. */
  hint?: ReactNode;
  /** Validation message; marks the control invalid and is read with it. */
  error?: string | undefined;
  /** The label is read by screen readers only (a search box whose placeholder says what it is). */
  hideLabel?: boolean;
}

/** `aria-describedby` of a control (or a fieldset) whose help and error are `FieldMessages` with the same id. */
export function fieldDescribedBy(id: string, hint: unknown, error: unknown, extra?: string): string | undefined {
  const ids = [extra, hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/**
 * A field's help and error texts (`${id}-hint`, `${id}-error`), for groups of controls the fields
 * below do not cover; `alert`: the error is announced as soon as it shows.
 */
export function FieldMessages({
  id,
  hint,
  error,
  alert = false,
}: {
  id: string;
  hint?: ReactNode;
  error?: string | undefined;
  alert?: boolean;
}) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={styles.error} role={alert ? 'alert' : undefined}>
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
  hideLabel = false,
  id,
  className,
  describedBy: extra,
  children,
}: FieldFrameProps & { id?: string; className?: string; describedBy?: string; children: (control: ControlProps) => ReactNode }) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label htmlFor={inputId} className={hideLabel ? 'pp-visually-hidden' : styles.label}>
        {label}
      </label>
      {children({
        id: inputId,
        className: styles.control,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': fieldDescribedBy(inputId, hint, error, extra),
      })}
      <FieldMessages id={inputId} hint={hint} error={error} />
    </div>
  );
}

/** Splits a field's props: its frame's (label, texts, id, class) and its control's (the rest). */
function splitField<P extends FieldFrameProps & { id?: string; className?: string; 'aria-describedby'?: string }>({
  label,
  hint,
  error,
  hideLabel,
  id,
  className,
  'aria-describedby': describedBy,
  ...control
}: P) {
  return [{ label, hint, error, hideLabel, id, className, describedBy }, control] as const;
}

export type TextFieldProps = FieldFrameProps & ComponentPropsWithRef<'input'>;

/**
 * A labelled input with its help and error texts wired for screen readers.
 * Accepts react-hook-form's `register()` result (ref included) as props.
 */
export function TextField(props: TextFieldProps) {
  const [frame, input] = splitField(props);
  return <FieldFrame {...frame}>{(control) => <input {...control} {...input} />}</FieldFrame>;
}

export type TextAreaFieldProps = FieldFrameProps & ComponentPropsWithRef<'textarea'>;

export function TextAreaField(props: TextAreaFieldProps) {
  const [frame, { rows = 4, ...textarea }] = splitField(props);
  return <FieldFrame {...frame}>{(control) => <textarea {...control} rows={rows} {...textarea} />}</FieldFrame>;
}

export interface SelectOption {
  value: string | number;
  label: string;
  disabled?: boolean;
}

export type SelectFieldProps = FieldFrameProps &
  ComponentPropsWithRef<'select'> & {
    /** The choices, after the `<option>`s given as children (a first « Toutes... », say). */
    options?: readonly SelectOption[];
  };

/** A labelled native select (options as `options`, or as children), wired like TextField. */
export function SelectField(props: SelectFieldProps) {
  const [frame, { options = [], children, ...select }] = splitField(props);
  return (
    <FieldFrame {...frame}>
      {(control) => (
        <select {...control} {...select}>
          {children}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
