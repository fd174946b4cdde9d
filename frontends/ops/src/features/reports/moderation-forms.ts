import type { Cache } from '@popote/graphql';
import { MODERATION_LIMITS, MODERATION_MESSAGES } from '@popote/rules';

/** A statement of reasons as the services take it (trimmed; they check it again), or its French message. */
export function statementError(value: string): string | true {
  const length = value.trim().length;
  if (length < MODERATION_LIMITS.statementMin) return MODERATION_MESSAGES.statementMin;
  if (length > MODERATION_LIMITS.statementMax) return MODERATION_MESSAGES.statementMax;
  return true;
}

/** Forgets the moderation lists (the queue, the appeals): a page showing one asks again. */
export function forgetModerationLists(cache: Cache): void {
  for (const field of cache.inspectFields('Query')) {
    if (field.fieldName === 'moderationQueue' || field.fieldName === 'moderationAppeals')
      cache.invalidate('Query', field.fieldName, field.arguments ?? undefined);
  }
}
