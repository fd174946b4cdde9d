import { LIMITS } from '@popote/rules';
import { frCook } from '@popote/ui/fr-cook';

const t = frCook.mealForm;

/** What POST /media/meals answers: the key to send with the meal, and the two pictures made from the file. */
export interface UploadedImage {
  image_key: string;
  image_url: string;
  image_card_url: string;
}

/** An upload that failed, with the French reason to show next to the photo. */
export class ImageUploadError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'ImageUploadError';
  }
}

/**
 * The browser's own check before anything is sent (the BFF checks again, by
 * content): an image, of at most 5 MB. Returns the French reason, or null.
 */
export function checkImageFile(file: Pick<File, 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/')) return t.imageInvalid;
  if (file.size > LIMITS.imageMaxBytes) return t.imageTooLarge;
  if (file.size === 0) return t.imageInvalid;
  return null;
}

async function readMessage(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { message?: unknown; fields?: Record<string, unknown> };
    const field = body.fields?.['file'];
    if (typeof field === 'string' && field) return field;
    return typeof body.message === 'string' && body.message ? body.message : null;
  } catch {
    return null;
  }
}

/**
 * Sends the picture to the BFF (same origin, session cookie; the custom header
 * is what a cross-site form cannot send). Rejects with an ImageUploadError.
 */
export async function uploadMealImage(file: File, fetchImpl: typeof fetch = fetch): Promise<UploadedImage> {
  const problem = checkImageFile(file);
  if (problem) throw new ImageUploadError(problem, null);

  const body = new FormData();
  body.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetchImpl('/media/meals', {
      method: 'POST',
      body,
      headers: { 'x-popote-upload': '1' },
      credentials: 'same-origin',
    });
  } catch {
    throw new ImageUploadError(t.uploadError, null);
  }

  if (response.status === 201 || response.ok) {
    const uploaded = (await response.json()) as Partial<UploadedImage>;
    if (!uploaded.image_key || !uploaded.image_url) throw new ImageUploadError(t.uploadError, response.status);
    return { image_key: uploaded.image_key, image_url: uploaded.image_url, image_card_url: uploaded.image_card_url ?? uploaded.image_url };
  }
  if (response.status === 413) throw new ImageUploadError(t.imageTooLarge, 413);
  const message = await readMessage(response);
  if (response.status === 422) throw new ImageUploadError(message ?? t.imageInvalid, 422);
  // 401 (session over), 403 (not a cook), 5xx...
  throw new ImageUploadError(message ?? t.uploadError, response.status);
}
