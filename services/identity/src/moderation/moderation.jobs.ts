import { Injectable } from '@nestjs/common';
import { PeriodicJob } from '@popote/platform';
import { ModerationService } from './moderation.service';

/** Reports and decisions leave MODERATION_RETENTION_DAYS after the decision (the privacy page says so). */
@Injectable()
export class ModerationJobs {
  constructor(private readonly moderation: ModerationService) {}

  /** At start and every hour, on each replica (a delete by date: idempotent). */
  @PeriodicJob({ name: 'moderation-retention', everyMs: 3_600_000, atStart: true })
  purge(now = new Date()): Promise<number> {
    return this.moderation.purgeExpired(now);
  }
}
