import { describe, expect, it, vi } from 'vitest';
import { checkImageFile, ImageUploadError, uploadMealImage } from './upload';

const MB = 1024 * 1024;
const png = (size = 100) => new File([new Uint8Array(size)], 'tajine.png', { type: 'image/png' });

describe('checkImageFile', () => {
  it('accepts an image of at most 5 MB', () => {
    expect(checkImageFile({ type: 'image/jpeg', size: 5 * MB })).toBeNull();
  });

  it('refuses what is not an image, or is larger than 5 MB, with the spec messages', () => {
    expect(checkImageFile({ type: 'application/pdf', size: 10 })).toBe('Veuillez sélectionner une image');
    expect(checkImageFile({ type: 'image/png', size: 5 * MB + 1 })).toBe("L'image ne doit pas dépasser 5MB");
  });
});

describe('uploadMealImage', () => {
  it('posts the file with the upload header and returns the key and pictures', async () => {
    const fetchImpl = vi.fn(async () =>
      Response.json(
        { image_key: 'meals/1_tajine.jpg', image_url: '/media/meals/1_tajine.jpg', image_card_url: '/media/meals/1_tajine.card.jpg' },
        { status: 201 },
      ),
    );
    const uploaded = await uploadMealImage(png(), fetchImpl as unknown as typeof fetch);
    expect(uploaded.image_key).toBe('meals/1_tajine.jpg');
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/media/meals');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect((init.headers as Record<string, string>)['x-popote-upload']).toBe('1');
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('never sends a file the browser already refuses', async () => {
    const fetchImpl = vi.fn();
    await expect(uploadMealImage(new File(['x'], 'a.txt', { type: 'text/plain' }), fetchImpl)).rejects.toThrow(
      'Veuillez sélectionner une image',
    );
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it("reads the server's reasons: 413, 422 with fields, 403", async () => {
    const answer = (status: number, body: unknown) => async () => Response.json(body, { status });
    await expect(uploadMealImage(png(), answer(413, {}) as unknown as typeof fetch)).rejects.toMatchObject({
      message: "L'image ne doit pas dépasser 5MB",
      status: 413,
    });
    await expect(
      uploadMealImage(
        png(),
        answer(422, {
          code: 'VALIDATION_FAILED',
          message: 'Veuillez sélectionner une image',
          fields: { file: 'Veuillez sélectionner une image' },
        }) as unknown as typeof fetch,
      ),
    ).rejects.toMatchObject({ message: 'Veuillez sélectionner une image', status: 422 });
    await expect(
      uploadMealImage(
        png(),
        answer(403, { code: 'FORBIDDEN', message: 'Cette action est réservée aux cuisiniers' }) as unknown as typeof fetch,
      ),
    ).rejects.toBeInstanceOf(ImageUploadError);
  });

  it('says the upload failed when the network does', async () => {
    const fetchImpl = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(uploadMealImage(png(), fetchImpl as unknown as typeof fetch)).rejects.toThrow("Erreur lors du téléchargement de l'image");
  });
});
