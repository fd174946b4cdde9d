import { Injectable, Logger } from '@nestjs/common';
import { TraderRpc } from '@popote/contracts';
import { PeriodicJob, RpcClient } from '@popote/platform';
import { cookOfDocument, TraderDocuments } from './trader-documents';

/** An upload is given this long to be saved with its details before the sweep may take it. */
export const UNSAVED_DOCUMENT_GRACE_MS = 24 * 3_600_000;
/** Cooks asked about at once (the contract's maximum). */
const COOKS_PER_CALL = 100;

/**
 * The trader documents' bucket follows identity, which decides what is kept: a document no file
 * names any more — replaced, never saved, or its file deleted six months after the trading
 * relationship ended (EU Digital Services Act, article 30(3)) — is deleted once a day old. Every
 * replica, every 6 hours (deleting what identity does not keep is idempotent); if identity cannot
 * answer, nothing is deleted.
 */
@Injectable()
export class TraderDocumentsJobs {
  private readonly log = new Logger('TraderDocuments');

  constructor(
    private readonly documents: TraderDocuments,
    private readonly rpc: RpcClient,
  ) {}

  @PeriodicJob({ name: 'trader-documents-sweep', everyMs: 6 * 3_600_000 })
  async sweep(now = new Date()): Promise<number> {
    const old = (await this.documents.storage.list('traders/')).filter(
      (o) => now.getTime() - o.lastModified.getTime() >= UNSAVED_DOCUMENT_GRACE_MS,
    );
    const byCook = new Map<string, string[]>();
    for (const { key } of old) {
      const cook = cookOfDocument(key);
      if (cook) byCook.set(cook, [...(byCook.get(cook) ?? []), key]);
    }
    const cooks = [...byCook.keys()];
    let removed = 0;
    for (let i = 0; i < cooks.length; i += COOKS_PER_CALL) {
      const batch = cooks.slice(i, i + COOKS_PER_CALL);
      const kept = new Set((await this.rpc.call(TraderRpc.documentsKept, { cook_ids: batch })).keys);
      const gone = batch.flatMap((cook) => byCook.get(cook)!.filter((key) => !kept.has(key)));
      await this.documents.storage.remove(gone);
      removed += gone.length;
    }
    if (removed) this.log.log(`${removed} trader document(s) no file keeps deleted`);
    return removed;
  }
}
