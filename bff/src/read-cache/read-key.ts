import { isId, type RpcContract } from '@popote/contracts';

/** A longer key is not worth keeping: real pages' reads are a few short values (ids, a commune, a cursor). */
export const MAX_READ_KEY_LENGTH = 1024;
/** The catalogue's cursors are a few dozen characters (a date and an id or two, base64url JSON). */
const MAX_CURSOR_LENGTH = 512;

/**
 * Whether a pagination cursor is one the catalogue could have made: base64url of a JSON array, written
 * the one way the catalogue writes it. Node's base64url decoder skips what it does not know, so
 * `abc`, `abc!` and `a.b.c` would all read as one cursor under different keys.
 */
export function isCanonicalCursor(raw: string): boolean {
  if (raw.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(raw)) return false;
  const bytes = Buffer.from(raw, 'base64url');
  if (bytes.toString('base64url') !== raw) return false;
  try {
    return Array.isArray(JSON.parse(bytes.toString('utf8')));
  } catch {
    return false;
  }
}

/**
 * Whether every value of a request that names something could name it: `*_id` fields are ids,
 * `*_ids` lists of ids, `after` a cursor (field names are the spec's snake_case end to end), in the
 * request and in the objects inside it (a list's filter).
 */
function namesOnlyPossibleThings(value: unknown): boolean {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return true;
  return Object.entries(value).every(([field, v]) => {
    if (v === null || v === undefined) return true;
    if (field.endsWith('_id')) return isId(v);
    if (field.endsWith('_ids')) return Array.isArray(v) && v.every(isId);
    if (field === 'after') return typeof v === 'string' && isCanonicalCursor(v);
    return namesOnlyPossibleThings(v);
  });
}

/**
 * The key a public read is kept under, or null when it must not make one (the read then goes to the
 * service uncached, which answers or refuses it in French):
 * - made from the request as the contract reads it, so what the contract normalises (a commune code's
 *   spaces, a default page size) makes one key, and a request the contract refuses makes none;
 * - an id, a list of ids or a cursor that could not name anything makes none (such a read names
 *   nothing, and a visitor could invent them without end);
 * - nor does a key longer than MAX_READ_KEY_LENGTH.
 */
export function readKey<Req, Res, ReqIn>(contract: RpcContract<Req, Res, ReqIn>, request: ReqIn): string | null {
  const parsed = contract.request.safeParse(request);
  if (!parsed.success || !namesOnlyPossibleThings(parsed.data)) return null;
  const key = `${contract.subject} ${JSON.stringify(parsed.data)}`;
  return key.length <= MAX_READ_KEY_LENGTH ? key : null;
}
