import { TRADER_DOCUMENT_TYPES, TRADER_LIMITS, TRADER_MESSAGES, type TraderDocumentKind } from '@popote/rules';

/** What POST /media/traders/documents answers: the key saveTraderDetails takes, where to download it, its name. */
export interface UploadedDocument {
  key: string;
  url: string;
  file_name: string;
}

/** An upload that failed, with the French reason to show under the document. */
export class DocumentUploadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DocumentUploadError';
  }
}

/**
 * The browser's own check before anything is sent (the BFF checks again, by content): a PDF, a JPEG
 * or a PNG, of at most 10 MB. Returns the French reason, or null.
 */
export function checkDocumentFile(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(file.type in TRADER_DOCUMENT_TYPES) || file.size === 0) return TRADER_MESSAGES.documentInvalid;
  if (file.size > TRADER_LIMITS.documentMaxBytes) return TRADER_MESSAGES.documentTooLarge;
  return null;
}

/** The `accept` of the file inputs: the documents' types. */
export const DOCUMENT_ACCEPT = Object.keys(TRADER_DOCUMENT_TYPES).join(',');

/**
 * Sends a document to the BFF (same origin, session cookie; the custom header is what a cross-site
 * form cannot send), stored privately. Rejects with a DocumentUploadError in French.
 */
export async function uploadTraderDocument(
  file: File,
  kind: TraderDocumentKind,
  fetchImpl: typeof fetch = fetch,
): Promise<UploadedDocument> {
  const problem = checkDocumentFile(file);
  if (problem) throw new DocumentUploadError(problem);
  const body = new FormData();
  body.append('kind', kind);
  body.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetchImpl('/media/traders/documents', {
      method: 'POST',
      body,
      headers: { 'x-popote-upload': '1' },
      credentials: 'same-origin',
    });
  } catch {
    throw new DocumentUploadError(TRADER_MESSAGES.documentUploadError);
  }
  const answer = (await response.json().catch(() => null)) as
    (Partial<UploadedDocument> & { message?: unknown; fields?: Record<string, unknown> }) | null;
  if (response.ok && answer?.key && answer.url && answer.file_name)
    return { key: answer.key, url: answer.url, file_name: answer.file_name };
  if (response.status === 413) throw new DocumentUploadError(TRADER_MESSAGES.documentTooLarge);
  const field = answer?.fields?.['file'];
  const message =
    typeof field === 'string' && field ? field : typeof answer?.message === 'string' && answer.message ? answer.message : null;
  throw new DocumentUploadError(message ?? TRADER_MESSAGES.documentUploadError);
}
