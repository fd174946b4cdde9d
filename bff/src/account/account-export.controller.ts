import { Controller, Get, Inject, Logger, Req, Res } from '@nestjs/common';
import {
  DomainError,
  exportPersonalDataRpc,
  IDENTITY_MESSAGES,
  IdentityRpc,
  PERSONAL_DATA_SERVICES,
  type ErrorCode,
  type PersonalDataExport,
} from '@popote/contracts';
import { RpcClient, type MediaStorage } from '@popote/platform';
import archiver from 'archiver';
import type { Request, Response } from 'express';
import { SessionService } from '../auth/session.service';
import { MEDIA_STORAGE } from '../media/media.tokens';
import { RateLimitService } from '../security/rate-limit.service';

const EXPORT_FAILED = "L'export de vos données a échoué. Veuillez réessayer dans quelques instants.";
const STATUS: Partial<Record<ErrorCode, number>> = { UNAUTHENTICATED: 401, FORBIDDEN: 403, RATE_LIMITED: 429, UNAVAILABLE: 503 };

/** The export's file name (the download and the link on the profile page). */
export const EXPORT_PATH = 'media/account/mes-donnees-popote.zip';

const README = `Export de vos données Popote (RGPD, articles 15 et 20)

Chaque dossier correspond au service qui détient les données :
- identity : votre profil, votre profil de cuisinier, vos sessions (dates seulement) ;
- catalogue : vos plats (et leurs photos dans pictures/) ;
- cart : votre panier ;
- ordering : vos commandes passées et reçues, les avis écrits et reçus ;
- payments : vos paiements et remboursements (les numéros de carte ne sont jamais stockés par Popote) ;
- notifications : les emails qui vous ont été envoyés et vos messages de contact.

Les fichiers sont au format JSON (lisible par une machine, UTF-8).
`;

/**
 * 'Télécharger mes données' (GDPR art. 15 and 20): a ZIP of what every service holds about the
 * signed-in person, asked of each owning service over NATS (`rpc.<service>.export-personal-data`,
 * the account contract of docs/events.md) and streamed as it is built — JSON files per service and
 * the pictures of their dishes. Served under /media so the shell's proxy already carries it (one
 * origin, the session cookie); never cached.
 */
@Controller()
export class AccountExportController {
  private readonly log = new Logger('AccountExport');

  constructor(
    private readonly session: SessionService,
    private readonly rpc: RpcClient,
    private readonly limits: RateLimitService,
    @Inject(MEDIA_STORAGE) private readonly media: MediaStorage,
  ) {}

  @Get(EXPORT_PATH)
  async download(@Req() req: Request, @Res() res: Response): Promise<void> {
    let parts: [string, PersonalDataExport][];
    let userId: string;
    try {
      ({ parts, userId } = await this.gather(req, res));
    } catch (err) {
      // Nothing sent yet: a JSON answer in French, as the GraphQL errors are.
      const e = err instanceof DomainError ? err : new DomainError('UNAVAILABLE', EXPORT_FAILED);
      if (!(err instanceof DomainError)) this.log.error(`export failed: ${(err as Error).message}`);
      const retryAfter = e.details?.retry_after_s;
      if (typeof retryAfter === 'number') res.setHeader('Retry-After', String(retryAfter));
      res.status(STATUS[e.code] ?? 503).json(e.toPayload());
      return;
    }
    await this.stream(res, userId, parts);
  }

  private async gather(req: Request, res: Response): Promise<{ parts: [string, PersonalDataExport][]; userId: string }> {
    const actor = await this.session.resolve(req, res);
    if (!actor) throw new DomainError('UNAUTHENTICATED', IDENTITY_MESSAGES.notSignedIn);
    await this.limits.consume('export', `user:${actor.user_id}`);
    const who = { user_id: actor.user_id, user_type: actor.user_type };
    const { user } = await this.rpc.call(IdentityRpc.getMe, { actor: who });
    // Every service answers before a byte is sent: a missing part is an error, never a partial archive.
    const parts: [string, PersonalDataExport][] = await Promise.all(
      PERSONAL_DATA_SERVICES.map(
        async (service) =>
          [service, await this.rpc.call(exportPersonalDataRpc(service), { actor: who, email: user.email }, { timeoutMs: 20_000 })] as [
            string,
            PersonalDataExport,
          ],
      ),
    );
    return { parts, userId: actor.user_id };
  }

  private async stream(res: Response, userId: string, parts: [string, PersonalDataExport][]): Promise<void> {
    const actor = { user_id: userId };
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', 'attachment; filename="mes-donnees-popote.zip"');
    res.setHeader('Cache-Control', 'no-store');
    const zip = archiver('zip', { zlib: { level: 6 } });
    zip.on('warning', (err) => this.log.warn(`export ${actor.user_id}: ${err.message}`));
    zip.on('error', (err) => {
      this.log.error(`export ${actor.user_id} failed: ${err.message}`);
      res.destroy(err);
    });
    zip.pipe(res);
    zip.append(README, { name: 'LISEZMOI.txt' });
    zip.append(JSON.stringify({ generated_at: new Date().toISOString(), user_id: actor.user_id }, null, 2), { name: 'export.json' });
    for (const [service, part] of parts) {
      for (const [name, content] of Object.entries(part.sections)) {
        zip.append(JSON.stringify(content, null, 2), { name: `${service}/${name}.json` });
      }
      for (const key of part.media_keys) {
        const object = await this.media.get(key);
        if (object) zip.append(object.stream, { name: `${service}/pictures/${key.split('/').pop()}` });
      }
    }
    await zip.finalize();
  }
}
