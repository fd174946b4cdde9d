import { Injectable } from '@nestjs/common';
import { PeriodicJob } from '@popote/platform';
import { TradersService } from './traders.service';

/** Trader files are deleted six months after the trading relationship ended (EU Digital Services Act, article 30(3)). */
@Injectable()
export class TradersJobs {
  constructor(private readonly traders: TradersService) {}

  /** At start and every hour, on each replica (a delete by date: idempotent). */
  @PeriodicJob({ name: 'trader-retention', everyMs: 3_600_000, atStart: true })
  purge(now = new Date()): Promise<number> {
    return this.traders.purgeExpired(now);
  }
}
