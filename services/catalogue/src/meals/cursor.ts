import { DomainError } from '@popote/contracts';

/** Opaque keyset cursor: the (created_at, _id) of the last item of a page. */
export interface MealCursor {
  created_at: Date;
  id: string;
}

export function encodeCursor(c: MealCursor): string {
  return Buffer.from(JSON.stringify([c.created_at.toISOString(), c.id])).toString('base64url');
}

export function decodeCursor(raw: string): MealCursor {
  try {
    const [at, id] = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as [string, string];
    const created_at = new Date(at);
    if (Number.isNaN(created_at.getTime()) || typeof id !== 'string' || !id) throw new Error('bad cursor');
    return { created_at, id };
  } catch {
    throw new DomainError('VALIDATION_FAILED', 'Curseur de pagination invalide', { after: 'Curseur invalide' });
  }
}
