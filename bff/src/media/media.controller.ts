import { Controller, Get, Inject, NotFoundException, Param, Res } from '@nestjs/common';
import type { MediaStorage } from '@popote/platform';
import type { Response } from 'express';
import { MEDIA_STORAGE } from './media.tokens';

/**
 * Serves stored images. Keys are unique per upload (timestamped), so responses are immutable and
 * cached for a year by browsers and CDNs.
 */
@Controller('media')
export class MediaController {
  constructor(@Inject(MEDIA_STORAGE) private readonly media: MediaStorage) {}

  @Get('*key')
  async get(@Param('key') key: string | string[], @Res() res: Response): Promise<void> {
    const path = Array.isArray(key) ? key.join('/') : key;
    if (!/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(path) || path.includes('..')) throw new NotFoundException();
    const object = await this.media.get(path);
    if (!object) throw new NotFoundException();
    res.setHeader('Content-Type', object.contentType);
    res.setHeader('Content-Length', String(object.size));
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('ETag', `"${object.etag}"`);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    object.stream.pipe(res);
  }
}
