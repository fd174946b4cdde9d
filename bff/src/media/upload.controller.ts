import { Controller, HttpCode, Inject, Post, Req, UploadedFile, UseFilters, UseGuards, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { DomainError, IDENTITY_MESSAGES, LIMITS, MEAL_MESSAGES } from '@popote/contracts';
import { mediaUrl, putMealImage, cardKey, type MediaStorage } from '@popote/platform';
import { MEDIA_STORAGE } from './media.tokens';
import { UploadErrorFilter } from './upload-error.filter';
import { UploadGuard, type UploadRequest } from './upload.guard';

const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);

/** `tajine de Mamie.HEIC` → `tajine-de-mamie` (the stored key is ours, never the raw name). */
export function safeBaseName(original: string): string {
  const base = original
    .replace(/\.[^.]*$/, '')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '');
  return (
    base
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'photo'
  );
}

/**
 * Meal pictures: signed-in cooks only; an image by its content (magic bytes), not its name or the
 * browser's content type; at most 5 MB; re-encoded (metadata stripped) into a detail and a card
 * picture under `meals/{timestamp}_{name}.jpg`, both recording their uploader (object metadata): the
 * catalogue accepts a picture on a dish only from the cook who sent it, and an erasure deletes only
 * the erased cook's pictures.
 */
@Controller('media')
@UseFilters(UploadErrorFilter)
export class UploadController {
  constructor(@Inject(MEDIA_STORAGE) private readonly media: MediaStorage) {}

  @Post('meals')
  @HttpCode(201)
  // Who and how often are checked before the body is read (UploadGuard); then the file itself.
  @UseGuards(UploadGuard)
  // One byte over the limit is enough to know it is too large; multer stops reading there.
  @UseInterceptors(
    FileInterceptor('file', { limits: { fileSize: LIMITS.imageMaxBytes + 1, files: 1, fields: 5, parts: 6, fieldSize: 1024 } }),
  )
  async upload(@Req() req: UploadRequest, @UploadedFile() file?: { buffer: Buffer; size: number; originalname: string }) {
    // Set by UploadGuard; without it nothing is stored (no picture without its uploader).
    const uploader = req.actor?.user_id;
    if (!uploader) throw new DomainError('UNAUTHENTICATED', IDENTITY_MESSAGES.notSignedIn);
    if (!file?.buffer?.length) throw new DomainError('VALIDATION_FAILED', MEAL_MESSAGES.imageInvalid, { file: MEAL_MESSAGES.imageInvalid });
    if (file.size > LIMITS.imageMaxBytes)
      throw new DomainError('VALIDATION_FAILED', MEAL_MESSAGES.imageTooLarge, { file: MEAL_MESSAGES.imageTooLarge });
    const { fileTypeFromBuffer } = await import('file-type');
    const type = await fileTypeFromBuffer(file.buffer);
    if (!type || !ACCEPTED.has(type.mime))
      throw new DomainError('VALIDATION_FAILED', MEAL_MESSAGES.imageInvalid, { file: MEAL_MESSAGES.imageInvalid });
    // multer hands the multipart filename over as latin1; browsers send UTF-8.
    const original = Buffer.from(file.originalname, 'latin1').toString('utf8');
    const key = `meals/${Date.now()}_${safeBaseName(original)}.jpg`;
    try {
      await putMealImage(this.media, key, file.buffer, { uploader });
    } catch {
      // Claims to be an image but cannot be decoded.
      throw new DomainError('VALIDATION_FAILED', MEAL_MESSAGES.imageInvalid, { file: MEAL_MESSAGES.imageInvalid });
    }
    return { image_key: key, image_url: mediaUrl(key), image_card_url: mediaUrl(cardKey(key)) };
  }
}
