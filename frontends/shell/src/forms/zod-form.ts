import { zodResolver } from '@hookform/resolvers/zod';
import { readApiError, type ApiError } from '@popote/auth';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormRegisterReturn, type UseFormReturn } from 'react-hook-form';
import type { BaseSyntheticEvent } from 'react';
import type { z } from 'zod';
import { showServerFieldErrors } from './server-errors';

export interface ZodForm<TInput extends FieldValues, TOutput> extends UseFormReturn<TInput, unknown, TOutput> {
  /** What a TextField (or TextAreaField, SelectField) of the form takes: `register(name)` and the field's message. */
  field: (name: Path<TInput>) => UseFormRegisterReturn<Path<TInput>> & { error: string | undefined };
  /**
   * The submit handler of a form that sends a request: `send` gets the checked values; if it
   * throws, the error's per-field messages are shown next to the form's fields (the first one
   * focused) and `failed` gets the error as read (`shownOnFields`: whether any was) and as thrown;
   * otherwise `sent` runs.
   */
  submitWith: (
    send: (values: TOutput) => Promise<unknown>,
    then: { failed: (read: ServerError, error: unknown) => void; sent?: (values: TOutput) => unknown },
  ) => (event?: BaseSyntheticEvent) => Promise<void>;
}

export type ServerError = ApiError & { shownOnFields: boolean };

/**
 * react-hook-form checked by a zod schema. The form's fields are the keys of `defaultValues`, in
 * their order: a message of the server for any of them is shown next to it.
 */
export function useZodForm<TInput extends FieldValues, TOutput = TInput>(
  schema: z.ZodType<TOutput, TInput>,
  defaultValues: TInput,
): ZodForm<TInput, TOutput> {
  const form = useForm<TInput, unknown, TOutput>({ resolver: zodResolver(schema), defaultValues: defaultValues as DefaultValues<TInput> });
  const names = Object.keys(defaultValues) as Array<Path<TInput>>;
  return {
    ...form,
    field: (name) => ({ ...form.register(name), error: form.getFieldState(name, form.formState).error?.message }),
    submitWith: (send, { failed, sent }) =>
      form.handleSubmit(async (values) => {
        try {
          await send(values);
        } catch (error) {
          const read = readApiError(error);
          failed({ ...read, shownOnFields: showServerFieldErrors(read.fields, names, form.setError) }, error);
          return;
        }
        await sent?.(values);
      }),
  };
}

/** The props of an email input. */
export const EMAIL_INPUT = { type: 'email', autoComplete: 'email', inputMode: 'email' } as const;

/** The props of a password input: the current one, or a new one (password managers offer to make it). */
export const passwordInput = (autoComplete: 'current-password' | 'new-password') => ({ type: 'password', autoComplete }) as const;
