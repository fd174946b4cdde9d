import { Module } from '@nestjs/common';
import { MediaModule } from '../../media/media.module';
import { SecurityModule } from '../../security/security.module';
import { ExportErasureConsumer } from './account-erasure.consumer';
import { DataExportController } from './data-export.controller';
import { DataExportStore } from './data-export.store';
import { DataExportWorker } from './data-export.worker';
import { DataExportsResolver } from './data-exports.resolver';
import { DataExportsService } from './data-exports.service';

/**
 * The personal-data export (ADR 0027): the jobs, their builder, the download of an archive and
 * their erasure. Imports MediaModule, so its `media/account/exports/:file` route is registered
 * before MediaController's `media/*key`, which would take it otherwise.
 */
@Module({
  imports: [SecurityModule, MediaModule],
  controllers: [DataExportController],
  providers: [DataExportStore, DataExportsService, DataExportsResolver, DataExportWorker, ExportErasureConsumer],
  exports: [DataExportsService],
})
export class DataExportsModule {}
