import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { UserType } from '@popote/contracts';
import { MediaStorage } from '@popote/platform';
import mongoose from 'mongoose';
import type { BffConfig } from '../../config';
import { BFF_CONFIG } from '../../tokens';

/** One export job (collection `dataExports` of the BFF's database). */
export interface ExportJob {
  /** 24 random bytes, base64url: the archive's name in the bucket and in its download address. */
  _id: string;
  user_id: string;
  user_type: UserType;
  status: 'pending' | 'ready' | 'failed' | 'expired';
  requested_at: Date;
  ready_at?: Date | null;
  expires_at?: Date | null;
  object_key?: string | null;
  size_bytes?: number | null;
  /** From the start of the attempt that built it to the archive stored (measured, ADR 0027). */
  build_ms?: number | null;
  /** The attempt that built it (1 unless a builder died or failed). */
  attempts?: number;
  /** When the job reached the work queue (null: not yet — the sweep queues it). */
  enqueued_at?: Date | null;
  /** When notifications accepted the "archive prête" email (the sweep retries until then). */
  notified_at?: Date | null;
  error?: string | null;
}

/** `_id` = the user: at most one export in preparation per person (a unique-`_id` insert is atomic). */
export interface ExportSlot {
  _id: string;
  export_id: string;
  created_at: Date;
}

/** Where the BFF keeps export jobs (its MongoDB-protocol database, shared by every replica) and their archives (a private bucket). */
@Injectable()
export class DataExportStore implements OnModuleInit, OnModuleDestroy {
  private readonly connection: mongoose.Connection;
  /** The exports bucket: private, never served by the public /media route. */
  readonly archives: MediaStorage;

  constructor(@Inject(BFF_CONFIG) config: BffConfig) {
    this.connection = mongoose.createConnection(config.MONGO_URL, { dbName: config.MONGO_DB, serverSelectionTimeoutMS: 5000 });
    this.archives = new MediaStorage({ ...config, MEDIA_BUCKET: config.EXPORT_BUCKET });
  }

  get jobs() {
    return this.connection.collection<ExportJob>('dataExports');
  }
  get slots() {
    return this.connection.collection<ExportSlot>('dataExportSlots');
  }

  async onModuleInit(): Promise<void> {
    await this.connection.asPromise();
  }

  async onModuleDestroy(): Promise<void> {
    await this.connection.close().catch(() => undefined);
  }
}

/** An archive's key in the exports bucket: under its owner, so an erasure finds every one by prefix. */
export const archiveKey = (userId: string, exportId: string) => `${userId}/${exportId}.zip`;
