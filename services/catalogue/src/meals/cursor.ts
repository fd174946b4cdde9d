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

/**
 * Keyset cursor of the "nearest first" order: the last item's cook distance (metres, null for a cook
 * without a commune, listed last), cook id, then (created_at, _id) within that cook.
 */
export interface DistanceCursor extends MealCursor {
  distance: number | null;
  cook_id: string;
}

export function encodeDistanceCursor(c: DistanceCursor): string {
  return Buffer.from(JSON.stringify(['d', c.distance, c.cook_id, c.created_at.toISOString(), c.id])).toString('base64url');
}

export function decodeDistanceCursor(raw: string): DistanceCursor {
  try {
    const [tag, distance, cookId, at, id] = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as [
      string,
      number | null,
      string,
      string,
      string,
    ];
    const created_at = new Date(at);
    const ok =
      tag === 'd' &&
      (distance === null || (Number.isInteger(distance) && distance >= 0)) &&
      typeof cookId === 'string' &&
      !!cookId &&
      typeof id === 'string' &&
      !!id &&
      !Number.isNaN(created_at.getTime());
    if (!ok) throw new Error('bad cursor');
    return { distance, cook_id: cookId, created_at, id };
  } catch {
    throw new DomainError('VALIDATION_FAILED', 'Curseur de pagination invalide', { after: 'Curseur invalide' });
  }
}
