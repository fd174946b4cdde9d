import { Inject, Injectable } from '@nestjs/common';
import { DomainError, TRADER_DOCUMENT_KEY, TRADER_MESSAGES, type TraderDocumentKind, type TraderFileDto } from '@popote/contracts';
import { MediaStorage, mediaUrl } from '@popote/platform';
import type { BffConfig } from '../config';
import { BFF_CONFIG } from '../tokens';
import type { TraderDocumentModel, TraderFileModel } from './trader.model';

/** A document's key: under its cook, stamped and named by its kind (`traders/<cook>/<ms>-ddpp_receipt.pdf`). */
export const traderDocumentKey = (cookId: string, kind: TraderDocumentKind, extension: string, at = Date.now()) =>
  `traders/${cookId}/${at}-${kind}.${extension}`;

/** The cook a document's key belongs to, or null when the key is not a document's. */
export function cookOfDocument(key: string): string | null {
  if (!TRADER_DOCUMENT_KEY.test(key) || key.includes('..')) return null;
  return key.split('/')[1]!;
}

const fileNameOf = (key: string) => key.slice(key.lastIndexOf('/') + 1);
const document = (key: string | null): TraderDocumentModel | null => (key ? { key, url: mediaUrl(key), file_name: fileNameOf(key) } : null);

/** A file as GraphQL shows it: each document with where to download it. */
export function toTraderFileModel(file: TraderFileDto): TraderFileModel {
  const d = file.details;
  return {
    ...file,
    details: d
      ? {
          legal_name: d.legal_name,
          siret: d.siret,
          address: d.address,
          phone: d.phone,
          email: d.email,
          self_certified: d.self_certified,
          ddpp_receipt: document(d.ddpp_receipt_key),
          hygiene_certificate: document(d.hygiene_certificate_key),
        }
      : null,
  };
}

/**
 * The cooks' trader documents: a private bucket of their own (TRADER_DOCUMENTS_BUCKET), never served
 * by the public `/media/*` route; read through TraderDocumentsController by the cook whose key it is
 * or by an operator. Each object records its uploader.
 */
@Injectable()
export class TraderDocuments {
  readonly storage: MediaStorage;

  constructor(@Inject(BFF_CONFIG) config: BffConfig) {
    this.storage = new MediaStorage({ ...config, MEDIA_BUCKET: config.TRADER_DOCUMENTS_BUCKET });
  }

  /**
   * Before details are saved: each document is the cook's (its key under them, sent by them) and
   * stored. A field that fails says so in French, under its name.
   */
  async assertOwned(cookId: string, keys: { ddpp_receipt_key: string; hygiene_certificate_key: string }): Promise<void> {
    const fields: Record<string, string> = {};
    for (const [field, key] of Object.entries(keys)) {
      if (cookOfDocument(key) !== cookId) {
        fields[field] = TRADER_MESSAGES.documentInvalid;
        continue;
      }
      const stat = await this.storage.stat(key);
      if (!stat || stat.meta.uploader !== cookId) fields[field] = TRADER_MESSAGES.documentMissing;
    }
    if (Object.keys(fields).length) throw new DomainError('VALIDATION_FAILED', Object.values(fields)[0]!, fields);
  }
}
