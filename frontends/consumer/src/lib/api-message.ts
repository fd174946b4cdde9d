import { readApiError } from '@popote/auth';

/**
 * The message to show for a failed operation: the BFF's own French message when it is
 * about this operation (stock, missing meal, empty cart, illegal transition...), the
 * page's fallback for everything else (network down, internal error).
 */
export function apiMessage(error: unknown, fallback: string): string {
  const { code, message } = readApiError(error);
  if (!code || !message || code === 'INTERNAL') return fallback;
  return message;
}

export function isUnauthenticated(error: unknown): boolean {
  return readApiError(error).code === 'UNAUTHENTICATED';
}
