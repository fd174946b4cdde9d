import sharp from 'sharp';

/** A JPEG of one colour: a dish's picture as far as the upload can tell. */
export const jpeg = (width: number, height: number, background: string): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** `POST /media/meals` with one file, as the cook's page sends it: the session's cookie and the upload header. */
export function uploadMealPicture(
  url: string,
  cookie: string,
  file: Blob | Uint8Array,
  filename = 'plat.jpg',
  headers: Record<string, string> = { 'x-popote-upload': '1' },
): Promise<Response> {
  const form = new FormData();
  form.append('file', file instanceof Blob ? file : new Blob([new Uint8Array(file)]), filename);
  return fetch(`${url}/media/meals`, { method: 'POST', headers: { cookie, ...headers }, body: form });
}
