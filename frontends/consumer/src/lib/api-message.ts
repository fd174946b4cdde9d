import { readApiError } from '@popote/auth';

export function isUnauthenticated(error: unknown): boolean {
  return readApiError(error).code === 'UNAUTHENTICATED';
}
