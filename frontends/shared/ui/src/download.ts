import { type TypedDocumentNode, useGraphQLClient } from '@popote/graphql';
import { toast } from '@popote/ui/toast';
import { useState } from 'react';

/**
 * Saves a file the server made, sent in a GraphQL answer: from a Blob, so there is no second
 * request carrying the session's cookies.
 */
export function saveFile(filename: string, parts: BlobPart[], type: string): void {
  const url = URL.createObjectURL(new Blob(parts, { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves a PDF the server sent as base64 (a receipt, an invoice). */
export function savePdf(filename: string, base64: string): void {
  saveFile(filename, [Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], 'application/pdf');
}

export interface FileDownload<D, V> {
  /** The query answering the file, asked afresh each time (never from the cache). */
  document: TypedDocumentNode<D, V>;
  variables: V;
  /** Saves the answer (`saveFile`, `savePdf`). */
  save: (data: D) => void;
  /** The toast's text when it failed. */
  failure: (error: unknown) => string;
  toastId: string;
}

/** `[download, loading]`: `download()` asks the server for a file and saves it; a toast says when it failed. */
export function useFileDownload<D, V extends Record<string, unknown>>({
  document,
  variables,
  save,
  failure,
  toastId,
}: FileDownload<D, V>): [() => Promise<void>, boolean] {
  const client = useGraphQLClient();
  const [loading, setLoading] = useState(false);
  const download = async () => {
    setLoading(true);
    try {
      save(await client.query(document, variables, { requestPolicy: 'network-only' }));
    } catch (error) {
      toast.error(failure(error), { id: toastId });
    } finally {
      setLoading(false);
    }
  };
  return [download, loading];
}
