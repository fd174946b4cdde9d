import { describe, expect, it } from 'vitest';
import { insertManyOnce, insertOnce, isDuplicateKey } from './insert-once';

// The error shapes are the MongoDB driver's (MongoServerError, MongoBulkWriteError); the writes that
// raise them against the real store are covered by each service's integration tests (redeliveries).
const duplicate = Object.assign(new Error('E11000 duplicate key error'), { code: 11000 });

describe('isDuplicateKey', () => {
  it('is a duplicate key, alone or for every write of a bulk insert', () => {
    expect(isDuplicateKey(duplicate)).toBe(true);
    expect(isDuplicateKey({ writeErrors: [{ code: 11000 }, { err: { code: 11000 } }] })).toBe(true);
    expect(isDuplicateKey({ writeErrors: { code: 11000 } })).toBe(true);
  });

  it('is not when any write failed otherwise, or for any other error', () => {
    expect(isDuplicateKey({ writeErrors: [{ code: 11000 }, { code: 121 }] })).toBe(false);
    expect(isDuplicateKey({ writeErrors: [] })).toBe(false);
    expect(isDuplicateKey(new Error('connection reset'))).toBe(false);
    expect(isDuplicateKey(null)).toBe(false);
  });
});

describe('insertOnce', () => {
  it('true when the write created the document, false when the key was taken, and throws the rest', async () => {
    await expect(insertOnce(async () => undefined)).resolves.toBe(true);
    await expect(
      insertOnce(async () => {
        throw duplicate;
      }),
    ).resolves.toBe(false);
    await expect(
      insertOnce(async () => {
        throw new Error('not primary');
      }),
    ).rejects.toThrow('not primary');
  });
});

describe('insertManyOnce', () => {
  it('counts what this call inserted: a mongoose array, a driver result, or what a duplicate left', async () => {
    await expect(insertManyOnce({ insertMany: async (d: unknown[]) => d }, [{}, {}])).resolves.toBe(2);
    await expect(insertManyOnce({ insertMany: async () => ({ insertedCount: 1 }) }, [{}, {}])).resolves.toBe(1);
    const partly = { insertedCount: 2, writeErrors: [{ code: 11000 }] };
    await expect(insertManyOnce({ insertMany: () => Promise.reject(partly) }, [{}, {}, {}])).resolves.toBe(2);
    const other = { writeErrors: [{ code: 11000 }, { code: 2 }] };
    await expect(insertManyOnce({ insertMany: () => Promise.reject(other) }, [{}, {}])).rejects.toBe(other);
    await expect(insertManyOnce({ insertMany: () => Promise.reject(duplicate) }, [])).resolves.toBe(0);
  });
});
