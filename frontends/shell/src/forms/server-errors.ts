import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/**
 * Shows the BFF's per-field messages (`extensions.fields`) next to the fields
 * of the form; returns whether any was shown. Fields the form does not have
 * are left to the caller's general message.
 */
export function showServerFieldErrors<T extends FieldValues>(
  fields: Record<string, string>,
  formFields: ReadonlyArray<Path<T>>,
  setError: UseFormSetError<T>,
): boolean {
  let shown = false;
  const entries = Object.entries(fields);
  for (const name of formFields) {
    // "specialties" also answers for "specialties.2" (an item of a list field).
    const message = entries.find(([key]) => key === name || key.startsWith(`${name}.`) || key.startsWith(`${name}[`))?.[1];
    if (!message) continue;
    // Focus the first one, like a client-side validation error.
    setError(name, { type: 'server', message }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}
