import { once } from 'node:events';
import { PassThrough, Transform, type Readable } from 'node:stream';
import archiver from 'archiver';

/** Indented as JSON.stringify(value, null, 2) writes it inside an array. */
const arrayItem = (value: unknown) => `  ${(JSON.stringify(value, null, 2) ?? 'null').replace(/\n/g, '\n  ')}`;

/**
 * The ZIP of a data export, written as the services' pages arrive: each section becomes
 * `<service>/<name>.json`; a list split over several pages is one JSON array, streamed item by item
 * into its file (the archive never holds a whole list in memory, and a page's items are written
 * before the next page is asked). Sections follow the contract (personalDataExportSchema): a list
 * continues only as the next page's first section; a section that comes back after another one
 * is refused (never a corrupt archive).
 */
export class ExportArchiveWriter {
  private readonly zip = archiver('zip', { zlib: { level: 6 } });
  /** The archive's bytes on their way to storage (counted here: a 'data' listener would let them flow before the upload reads them). */
  private readonly body: Transform;
  private size = 0;
  /** Rejects as soon as the ZIP or the upload fails (a write waiting for room then stops waiting). */
  private readonly failed: Promise<never>;
  private readonly stored: Promise<void>;
  private open: { path: string; stream: PassThrough; count: number } | null = null;
  private readonly written = new Set<string>();

  /** `upload` stores the archive's bytes as they come (the same key whoever builds it: S3 writes an object whole). */
  constructor(upload: (body: Readable) => Promise<void>) {
    const count = (n: number) => (this.size += n);
    this.body = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        count(chunk.length);
        done(null, chunk);
      },
    });
    this.zip.pipe(this.body);
    this.stored = upload(this.body);
    this.stored.catch(() => undefined);
    const zipFailed = new Promise<never>((_, reject) =>
      this.zip.on('error', (err) => {
        this.body.destroy(err);
        reject(err);
      }),
    );
    this.failed = Promise.race([zipFailed, this.stored.then(() => new Promise<never>(() => undefined))]);
    this.failed.catch(() => undefined);
  }

  get bytes(): number {
    return this.size;
  }

  /** A whole file (text or a picture's stream). */
  file(name: string, content: string | Readable): void {
    this.zip.append(content, { name });
  }

  /** One page of a service's part: its sections in order. */
  async page(service: string, sections: Record<string, unknown>): Promise<void> {
    for (const [name, content] of Object.entries(sections)) {
      const path = `${service}/${name}.json`;
      if (this.open?.path === path && Array.isArray(content)) {
        await this.items(content);
        continue;
      }
      await this.closeSection();
      if (this.written.has(path)) throw new Error(`${path}: the section came back after another one`);
      this.written.add(path);
      if (!Array.isArray(content)) {
        this.zip.append(JSON.stringify(content ?? null, null, 2), { name: path });
        continue;
      }
      const stream = new PassThrough();
      this.zip.append(stream, { name: path });
      this.open = { path, stream, count: 0 };
      await this.write('[');
      await this.items(content);
    }
  }

  /** The list being written is complete (its service has no more pages, or another section starts). */
  async closeSection(): Promise<void> {
    if (!this.open) return;
    await this.write(this.open.count ? '\n]' : ']');
    this.open.stream.end();
    this.open = null;
  }

  /** Every file written: resolves once the archive is stored whole. */
  async finish(): Promise<void> {
    await this.closeSection();
    await Promise.race([Promise.all([this.zip.finalize(), this.stored]), this.failed]);
  }

  /** Stops writing (a page that failed, a builder superseded): the upload fails, nothing is stored. */
  async abort(err: Error): Promise<void> {
    // The upload first sees the error (not a clean end of a partial archive), then the ZIP stops.
    this.zip.unpipe(this.body);
    this.body.destroy(err);
    this.open?.stream.destroy(err);
    this.zip.abort();
    await this.stored.catch(() => undefined);
  }

  private async items(values: unknown[]): Promise<void> {
    for (const value of values) {
      await this.write(`${this.open!.count ? ',\n' : '\n'}${arrayItem(value)}`);
      this.open!.count++;
    }
  }

  /** Respects back-pressure: the archive streams to storage at the pace it is read. */
  private async write(text: string): Promise<void> {
    if (!this.open!.stream.write(text)) await Promise.race([once(this.open!.stream, 'drain'), this.failed]);
  }
}
