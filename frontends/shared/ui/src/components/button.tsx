import type { ComponentPropsWithRef } from 'react';
import { fr } from '@popote/ui/fr';
import styles from './button.module.css';

/** `danger`: outlined in the danger colour, for what deletes, empties or cancels. */
export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonStyleOptions {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  className?: string;
}

/**
 * Class names of the button look, for elements that must stay links
 * (a router <Link> styled as a button keeps its link semantics).
 */
export function buttonClassName({ variant = 'primary', size = 'md', fullWidth = false, className }: ButtonStyleOptions = {}): string {
  return [styles.button, styles[variant], styles[size], fullWidth ? styles.fullWidth : undefined, className].filter(Boolean).join(' ');
}

export interface ButtonProps extends ComponentPropsWithRef<'button'>, Omit<ButtonStyleOptions, 'className'> {
  /** While true the button is disabled and reads 'Chargement...'. */
  loading?: boolean;
}

export function Button({
  variant,
  size,
  fullWidth,
  loading = false,
  disabled,
  className,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={buttonClassName({ variant, size, fullWidth, className })}
    >
      {loading ? (
        <>
          <span className={styles.spinner} aria-hidden="true" />
          {fr.common.loading}
        </>
      ) : (
        children
      )}
    </button>
  );
}
