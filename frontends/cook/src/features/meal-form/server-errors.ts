import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { formFieldOf } from './schemas';

/**
 * Shows the BFF's per-field messages (`extensions.fields`, keyed by its input's
 * names) next to the form's fields; returns whether any was shown. The first
 * one gets the focus, like a validation error found in the browser.
 */
export function showServerFieldErrors<T extends FieldValues>(
  fields: Record<string, string>,
  formFields: ReadonlyArray<Path<T>>,
  setError: UseFormSetError<T>,
): boolean {
  let shown = false;
  const known = new Set<string>(formFields);
  for (const [serverField, message] of Object.entries(fields)) {
    const field = formFieldOf(serverField);
    if (!known.has(field)) continue;
    setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}
