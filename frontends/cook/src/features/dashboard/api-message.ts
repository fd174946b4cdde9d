import { readApiError } from '@popote/auth';

/** The BFF's own French message for a business error; the fallback for the rest. */
export function apiMessage(error: unknown, fallback: string): string {
  const { code, message } = readApiError(error);
  if (!code || !message || code === 'INTERNAL') return fallback;
  return message;
}
