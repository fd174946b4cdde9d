import { Controller, Get, HttpException, HttpStatus, Inject } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { NATS_CONNECTION } from '@popote/platform';

@Controller('health')
export class BffHealthController {
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  @Get(['', 'live'])
  live() {
    return { status: 'ok', service: 'bff' };
  }

  @Get('ready')
  ready() {
    if (this.nc.isClosed()) throw new HttpException({ status: 'unavailable' }, HttpStatus.SERVICE_UNAVAILABLE);
    return { status: 'ok', service: 'bff' };
  }
}
