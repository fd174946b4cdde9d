import { Controller, HttpCode, Inject, Post, Req, Res, UploadedFile, UseFilters, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { DomainError, LIMITS, MEAL_MESSAGES } from '@popote/contracts';
import { mediaUrl, putMealImage, cardKey, type MediaStorage } from '@popote/platform';
import type { Request, Response } from 'express';
import { SessionService } from '../auth/session.service';
import { MEDIA_STORAGE } from './media.tokens';
import { UploadErrorFilter } from './upload-error.filter';

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
 * picture under `meals/{timestamp}_{name}.jpg`.
 */
@Controller('media')
@UseFilters(UploadErrorFilter)
export class UploadController {
  constructor(
    @Inject(MEDIA_STORAGE) private readonly media: MediaStorage,
    private readonly session: SessionService,
  ) {}

  @Post('meals')
  @HttpCode(201)
  // One byte over the limit is enough to know it is too large; multer stops reading there.
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: LIMITS.imageMaxBytes + 1, files: 1 } }))
  async upload(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @UploadedFile() file?: { buffer: Buffer; size: number; originalname: string },
  ) {
    const actor = await this.session.resolve(req, res);
    if (!actor) throw new DomainError('UNAUTHENTICATED', 'Veuillez vous connecter pour continuer');
    if (actor.user_type !== 'cook') throw new DomainError('FORBIDDEN', 'Cette action est réservée aux cuisiniers');
    // A custom header cannot be sent cross-site without a CORS preflight we never grant.
    if (req.get('x-popote-upload') !== '1') throw new DomainError('FORBIDDEN', 'Requête refusée');
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
      await putMealImage(this.media, key, file.buffer);
    } catch {
      // Claims to be an image but cannot be decoded.
      throw new DomainError('VALIDATION_FAILED', MEAL_MESSAGES.imageInvalid, { file: MEAL_MESSAGES.imageInvalid });
    }
    return { image_key: key, image_url: mediaUrl(key), image_card_url: mediaUrl(cardKey(key)) };
  }
}
