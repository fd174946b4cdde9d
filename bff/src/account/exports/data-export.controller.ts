import { Controller, Get, Logger, Param, Req, Res } from '@nestjs/common';
import { DomainError, EXPORT_MESSAGES, type ErrorCode } from '@popote/contracts';
import type { Request, Response } from 'express';
import { SessionService } from '../../auth/session.service';
import { DataExportsService } from './data-exports.service';

const STATUS: Partial<Record<ErrorCode, number>> = { UNAUTHENTICATED: 401, NOT_FOUND: 404, CONFLICT: 409, UNAVAILABLE: 503 };

/**
 * The download of a ready archive (`/media/account/exports/<id>.zip`, behind the shell's /media
 * proxy: one origin, the session cookie). Only its owner's session opens it: anyone else — signed
 * out, another account — gets a French refusal, never the file; an expired one answers 410. The
 * archive streams from the private exports bucket; never cached.
 */
@Controller()
export class DataExportController {
  private readonly log = new Logger('DataExportDownload');

  constructor(
    private readonly session: SessionService,
    private readonly exports: DataExportsService,
  ) {}

  @Get('media/account/exports/:file')
  async download(@Param('file') file: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    res.setHeader('Cache-Control', 'no-store');
    let archive: Awaited<ReturnType<DataExportsService['open']>>;
    try {
      const actor = await this.session.resolve(req, res);
      if (!actor) throw new DomainError('UNAUTHENTICATED', EXPORT_MESSAGES.downloadSignIn);
      archive = await this.exports.open(actor, file.replace(/\.zip$/, ''));
    } catch (err) {
      const e = err instanceof DomainError ? err : new DomainError('UNAVAILABLE', EXPORT_MESSAGES.failed);
      if (!(err instanceof DomainError)) this.log.error(`download failed: ${(err as Error).message}`);
      const status = e.details?.reason === 'EXPIRED' ? 410 : (STATUS[e.code] ?? 503);
      res.status(status).json(e.toPayload());
      return;
    }
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Length', String(archive.size));
    res.setHeader('Content-Disposition', 'attachment; filename="mes-donnees-popote.zip"');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    archive.stream.on('error', (err) => res.destroy(err));
    archive.stream.pipe(res);
  }
}
