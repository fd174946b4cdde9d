import { Module } from '@nestjs/common';
import { OperatorGuard } from '../operators/operator.guard';
import { ReadCacheModule } from '../read-cache/read-cache.module';
import { SecurityModule } from '../security/security.module';
import { DocumentUploadGuard } from './document-upload.guard';
import { TraderDocuments } from './trader-documents';
import { TraderDocumentsController } from './trader-documents.controller';
import { TraderDocumentsJobs } from './trader-documents.jobs';
import { TradersResolver } from './traders.resolver';

/**
 * Traders' traceability (EU Digital Services Act): the cook's trader details and documents, the
 * operators' queue and decisions, and the documents' private bucket and sweep. Its routes under
 * /media/traders must be registered before MediaController's `media/*key`: AppModule lists this
 * module before every module that imports MediaModule. The gate on a new dish (VerifiedSellerGuard)
 * is used by the meals' resolver.
 */
@Module({
  imports: [SecurityModule, ReadCacheModule],
  controllers: [TraderDocumentsController],
  providers: [TradersResolver, TraderDocuments, TraderDocumentsJobs, DocumentUploadGuard, OperatorGuard],
})
export class TradersModule {}
