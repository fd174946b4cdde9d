import { readApiError, type ApiError } from '@popote/auth';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from '@popote/ui';
import { showServerFieldErrors } from './server-errors';

export interface SaveMealOptions<T extends FieldValues> {
  /** The mutation. */
  save: () => Promise<unknown>;
  /** The form's fields, to show the BFF's per-field messages next to them. */
  formFields: ReadonlyArray<Path<T>>;
  setError: UseFormSetError<T>;
  /** The toast when saving failed, and its id. */
  failure: string;
  toastId: string;
  /** Handles an error in its own way (returns true) before the field messages and the toast. */
  onApiError?: (error: ApiError) => boolean;
}

/** Runs a meal mutation; when it fails, shows why on the form and in a toast. Resolves to whether it succeeded. */
export async function saveMeal<T extends FieldValues>({
  save,
  formFields,
  setError,
  failure,
  toastId,
  onApiError,
}: SaveMealOptions<T>): Promise<boolean> {
  try {
    await save();
    return true;
  } catch (error) {
    const apiError = readApiError(error);
    if (onApiError?.(apiError)) return false;
    showServerFieldErrors(apiError.fields, formFields, setError);
    toast.error(failure, { id: toastId });
    return false;
  }
}
