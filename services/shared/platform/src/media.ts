import { Client } from 'minio';
import type { Readable } from 'node:stream';
import { z } from 'zod';

export const mediaConfigSchema = z.object({
  MINIO_ENDPOINT: z.string().default('127.0.0.1'),
  MINIO_PORT: z.coerce.number().int().default(19000),
  MINIO_USE_SSL: z.enum(['true', 'false']).default('false'),
  MINIO_ACCESS_KEY: z.string().default('popote'),
  MINIO_SECRET_KEY: z.string().default('popote-secret-key'),
  MEDIA_BUCKET: z.string().default('popote-media'),
});
export type MediaConfig = z.infer<typeof mediaConfigSchema>;

/** Public path under which the BFF serves a stored object (`/media/<key>`). */
export const mediaUrl = (key: string) => `/media/${key}`;

/**
 * User metadata stored with an object (S3 `x-amz-meta-*`, lower-case names): `uploader` is the user
 * id of whoever sent a meal picture, so a meal can refuse another cook's picture and an erasure
 * delete only its own cook's.
 */
export type MediaMeta = { uploader?: string };
const metaHeaders = (meta: MediaMeta): Record<string, string> =>
  Object.fromEntries(Object.entries(meta).map(([name, value]) => [`X-Amz-Meta-${name}`, String(value)]));

/** No such object, or no bucket yet (nothing was ever stored): not found, not a server error. */
const notFound = (err: unknown) =>
  /NotFound|NoSuchKey|NoSuchBucket|Not Found/i.test((err as Error & { code?: string }).code ?? (err as Error).message);

/** Object storage for meal images (MinIO locally, any S3-compatible store elsewhere). */
export class MediaStorage {
  private readonly client: Client;
  readonly bucket: string;
  private ready?: Promise<void>;

  constructor(config: MediaConfig) {
    this.client = new Client({
      endPoint: config.MINIO_ENDPOINT,
      port: config.MINIO_PORT,
      useSSL: config.MINIO_USE_SSL === 'true',
      accessKey: config.MINIO_ACCESS_KEY,
      secretKey: config.MINIO_SECRET_KEY,
    });
    this.bucket = config.MEDIA_BUCKET;
  }

  ensureBucket(): Promise<void> {
    this.ready ??= (async () => {
      if (!(await this.client.bucketExists(this.bucket))) {
        await this.client.makeBucket(this.bucket).catch((err: Error) => {
          if (!/already own|exists/i.test(err.message)) throw err;
        });
      }
    })();
    return this.ready;
  }

  async put(key: string, body: Buffer, contentType: string, meta: MediaMeta = {}): Promise<void> {
    await this.ensureBucket();
    await this.client.putObject(this.bucket, key, body, body.length, { 'Content-Type': contentType, ...metaHeaders(meta) });
  }

  /** Stores a stream of unknown length (multipart upload): an object appears whole or not at all. */
  async putStream(key: string, body: Readable, contentType: string): Promise<void> {
    await this.ensureBucket();
    await this.client.putObject(this.bucket, key, body, undefined, { 'Content-Type': contentType });
  }

  /** Objects under a prefix with their dates (sweeps decide by age). */
  async list(prefix = ''): Promise<{ key: string; lastModified: Date; size: number }[]> {
    await this.ensureBucket();
    const out: { key: string; lastModified: Date; size: number }[] = [];
    for await (const o of this.client.listObjectsV2(this.bucket, prefix, true))
      if (o.name) out.push({ key: o.name, lastModified: o.lastModified ?? new Date(0), size: o.size ?? 0 });
    return out;
  }

  /** How many objects are stored under a prefix (e.g. `meals/`). */
  async count(prefix: string): Promise<number> {
    await this.ensureBucket();
    let n = 0;
    for await (const _ of this.client.listObjectsV2(this.bucket, prefix, true)) n++;
    return n;
  }

  /** Deletes objects (erasure); keys that do not exist are not an error. */
  async remove(keys: string[]): Promise<void> {
    if (!keys.length) return;
    await this.ensureBucket();
    await this.client.removeObjects(this.bucket, keys);
  }

  /** Every key under a prefix (tests check what a bucket still holds). */
  async keys(prefix = ''): Promise<string[]> {
    await this.ensureBucket();
    const out: string[] = [];
    for await (const o of this.client.listObjectsV2(this.bucket, prefix, true)) if (o.name) out.push(o.name);
    return out;
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.statObject(this.bucket, key);
      return true;
    } catch {
      return false;
    }
  }

  /** An object's size and user metadata, or null when it is not stored. */
  async stat(key: string): Promise<{ size: number; meta: MediaMeta } | null> {
    try {
      const stat = await this.client.statObject(this.bucket, key);
      const meta = stat.metaData as Record<string, unknown>;
      return { size: stat.size, meta: typeof meta.uploader === 'string' ? { uploader: meta.uploader } : {} };
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async get(key: string): Promise<{ stream: Readable; contentType: string; size: number; etag: string } | null> {
    try {
      const stat = await this.client.statObject(this.bucket, key);
      const stream = await this.client.getObject(this.bucket, key);
      return {
        stream,
        contentType: String(stat.metaData?.['content-type'] ?? 'application/octet-stream'),
        size: stat.size,
        etag: stat.etag,
      };
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }
}

/** Card-sized variant key of a stored picture (`meals/1_x.jpg` → `meals/1_x.card.jpg`). */
export const cardKey = (key: string) => key.replace(/(\.[a-z0-9]+)?$/i, '.card.jpg');

/**
 * Re-encodes a picture for the web: the detail picture (≤ 1600 px wide) and a card variant
 * (600 px wide), both JPEG with metadata stripped (no GPS of a cook's kitchen leaks).
 */
export async function mealImageVariants(input: Buffer): Promise<{ detail: Buffer; card: Buffer }> {
  const { default: sharp } = await import('sharp');
  const base = sharp(input, { failOn: 'error', limitInputPixels: 40_000_000 }).rotate();
  const [detail, card] = await Promise.all([
    base.clone().resize({ width: 1600, withoutEnlargement: true }).jpeg({ quality: 82, mozjpeg: true }).toBuffer(),
    base
      .clone()
      .resize({ width: 600, height: 450, fit: 'cover', withoutEnlargement: true })
      .jpeg({ quality: 78, mozjpeg: true })
      .toBuffer(),
  ]);
  return { detail, card };
}

/** Stores both variants under `key` and its card key, each recording who sent it. */
export async function putMealImage(media: MediaStorage, key: string, input: Buffer, meta: MediaMeta): Promise<void> {
  const { detail, card } = await mealImageVariants(input);
  await Promise.all([media.put(key, detail, 'image/jpeg', meta), media.put(cardKey(key), card, 'image/jpeg', meta)]);
}
