import { Module } from '@nestjs/common';
import { MediaStorage } from '@popote/platform';
import type { BffConfig } from '../config';
import { SecurityModule } from '../security/security.module';
import { BFF_CONFIG } from '../tokens';
import { MediaController } from './media.controller';
import { MEDIA_STORAGE } from './media.tokens';
import { UploadController } from './upload.controller';
import { UploadGuard } from './upload.guard';

/**
 * Meal pictures: the upload, the reads of `/media/*`, and the one MediaStorage of the bucket, which
 * the data export also writes its pictures through. Its `media/*key` route takes any path under
 * /media: a module with a more precise route under it (the archives') must be registered before
 * this one, that is import it (AppModule lists that module first).
 */
@Module({
  imports: [SecurityModule],
  controllers: [UploadController, MediaController],
  providers: [UploadGuard, { provide: MEDIA_STORAGE, useFactory: (config: BffConfig) => new MediaStorage(config), inject: [BFF_CONFIG] }],
  exports: [MEDIA_STORAGE],
})
export class MediaModule {}
