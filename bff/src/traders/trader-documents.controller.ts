import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Req,
  Res,
  UploadedFile,
  UseFilters,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  DomainError,
  IDENTITY_MESSAGES,
  TRADER_DOCUMENT_KINDS,
  TRADER_DOCUMENT_TYPES,
  TRADER_LIMITS,
  TRADER_MESSAGES,
  type TraderDocumentKind,
} from '@popote/contracts';
import { mediaUrl, verifyOperatorToken } from '@popote/platform';
import type { Request, Response } from 'express';
import { SessionService } from '../auth/session.service';
import type { BffConfig } from '../config';
import type { UploadRequest } from '../media/upload.guard';
import { OPERATOR_COOKIE } from '../operators/operator.guard';
import { BFF_CONFIG } from '../tokens';
import { DocumentErrorFilter } from './document-upload-error.filter';
import { DocumentUploadGuard } from './document-upload.guard';
import { cookOfDocument, TraderDocuments, traderDocumentKey } from './trader-documents';

const invalid = () => new DomainError('VALIDATION_FAILED', TRADER_MESSAGES.documentInvalid, { file: TRADER_MESSAGES.documentInvalid });

/**
 * The cooks' trader documents (the DDPP declaration receipt, the hygiene training certificate), in
 * their private bucket:
 * - `POST /media/traders/documents` (multipart `file` and `kind`): a signed-in cook's PDF, JPEG or PNG
 *   (by its content, not its name), 10 MB at most, stored under the cook as `<ms>-<kind>.<ext>` with
 *   its uploader; answers the key that saveTraderDetails takes.
 * - `GET /media/traders/<cook>/<file>`: only the cook whose document it is (their session) or an
 *   operator (the console's session) gets it, as a download, never cached; anyone else a French
 *   refusal. Registered before MediaController (AppModule lists TradersModule first), whose public
 *   `media/*key` would take the path otherwise (and answer from the pictures' bucket: nothing).
 */
@Controller()
@UseFilters(DocumentErrorFilter)
export class TraderDocumentsController {
  constructor(
    private readonly documents: TraderDocuments,
    private readonly session: SessionService,
    @Inject(BFF_CONFIG) private readonly config: BffConfig,
  ) {}

  @Post('media/traders/documents')
  @HttpCode(201)
  @UseGuards(DocumentUploadGuard)
  @UseInterceptors(
    FileInterceptor('file', { limits: { fileSize: TRADER_LIMITS.documentMaxBytes + 1, files: 1, fields: 5, parts: 6, fieldSize: 1024 } }),
  )
  async upload(
    @Req() req: UploadRequest,
    @Body('kind') kind: unknown,
    @UploadedFile() file?: { buffer: Buffer; size: number },
  ): Promise<{ key: string; url: string; file_name: string }> {
    const cookId = req.actor?.user_id;
    if (!cookId) throw new DomainError('UNAUTHENTICATED', IDENTITY_MESSAGES.notSignedIn);
    if (!TRADER_DOCUMENT_KINDS.includes(kind as TraderDocumentKind)) throw invalid();
    if (!file?.buffer?.length) throw invalid();
    if (file.size > TRADER_LIMITS.documentMaxBytes)
      throw new DomainError('VALIDATION_FAILED', TRADER_MESSAGES.documentTooLarge, { file: TRADER_MESSAGES.documentTooLarge });
    const { fileTypeFromBuffer } = await import('file-type');
    const type = await fileTypeFromBuffer(file.buffer);
    const extension = type ? TRADER_DOCUMENT_TYPES[type.mime as keyof typeof TRADER_DOCUMENT_TYPES] : undefined;
    if (!type || !extension) throw invalid();
    const key = traderDocumentKey(cookId, kind as TraderDocumentKind, extension);
    await this.documents.storage.put(key, file.buffer, type.mime, { uploader: cookId });
    return { key, url: mediaUrl(key), file_name: key.slice(key.lastIndexOf('/') + 1) };
  }

  @Get('media/traders/:cookId/:file')
  async download(@Param('cookId') cookId: string, @Param('file') file: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    res.setHeader('Cache-Control', 'private, no-store');
    const key = `traders/${cookId}/${file}`;
    if (cookOfDocument(key) !== cookId) throw new DomainError('NOT_FOUND', TRADER_MESSAGES.documentMissing);
    await this.assertReader(cookId, req, res);
    const object = await this.documents.storage.get(key);
    if (!object) throw new DomainError('NOT_FOUND', TRADER_MESSAGES.documentMissing);
    res.setHeader('Content-Type', object.contentType);
    res.setHeader('Content-Length', String(object.size));
    // Downloaded, never shown in the site's pages (what a cook sent is not rendered on our origin).
    res.setHeader('Content-Disposition', `attachment; filename="${file}"`);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    object.stream.on('error', (err) => res.destroy(err));
    object.stream.pipe(res);
  }

  /** The cook whose document it is, or an operator; anyone else is refused (signed out: 401, another account: 403). */
  private async assertReader(cookId: string, req: Request, res: Response): Promise<void> {
    const opsToken = req.cookies?.[OPERATOR_COOKIE] as string | undefined;
    if (opsToken && (await verifyOperatorToken(opsToken, 'session', this.config))) return;
    const actor = await this.session.resolve(req, res);
    if (!actor) throw new DomainError('UNAUTHENTICATED', TRADER_MESSAGES.documentSignIn);
    if (actor.user_id !== cookId) throw new DomainError('FORBIDDEN', TRADER_MESSAGES.documentForbidden);
  }
}
