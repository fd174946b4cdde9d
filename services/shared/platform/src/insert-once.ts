interface WriteError {
  code?: number;
  err?: { code?: number };
}

/**
 * MongoDB's duplicate-key error: a unique index (often `_id`) already holds the key, so another
 * writer, or an earlier run of this one, created the document first. A bulk insert's error counts
 * as one only when every one of its write errors is.
 */
export function isDuplicateKey(err: unknown): boolean {
  const e = err as { code?: number; writeErrors?: WriteError[] | WriteError } | null;
  if (e?.code === 11000) return true;
  const errors = Array.isArray(e?.writeErrors) ? e.writeErrors : e?.writeErrors ? [e.writeErrors] : [];
  return errors.length > 0 && errors.every((w) => (w.code ?? w.err?.code) === 11000);
}

/**
 * Runs a write that creates a document under a unique key (a `create`, an `insertOne`, an upsert, a
 * `relay.save` of a new document): true when this write created it, false when the key was taken
 * already. Every other failure is thrown.
 */
export async function insertOnce(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (err) {
    if (isDuplicateKey(err)) return false;
    throw err;
  }
}

/** A mongoose model or a driver collection: both insert many documents. */
interface InsertsMany {
  insertMany(docs: never[], options: { ordered: false }): Promise<unknown>;
}

/**
 * Inserts every document whose key is free, unordered (one taken key does not stop the others);
 * returns how many this call inserted.
 */
export async function insertManyOnce(target: InsertsMany, docs: readonly object[]): Promise<number> {
  if (!docs.length) return 0;
  try {
    const res = (await target.insertMany(docs as never[], { ordered: false })) as { insertedCount?: number } | unknown[];
    return Array.isArray(res) ? res.length : (res.insertedCount ?? docs.length);
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    const e = err as { insertedCount?: number; result?: { insertedCount?: number }; writeErrors?: unknown[] | unknown };
    const failed = Array.isArray(e.writeErrors) ? e.writeErrors.length : 1;
    return e.insertedCount ?? e.result?.insertedCount ?? docs.length - failed;
  }
}
