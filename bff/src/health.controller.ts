import { Controller, Get, HttpException, HttpStatus, Inject, NotFoundException } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { heapAfterGc, heapProbeEnabled, NATS_CONNECTION } from '@popote/platform';

@Controller('health')
export class BffHealthController {
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  @Get(['', 'live'])
  live() {
    return { status: 'ok', service: 'bff' };
  }

  /** The bench's memory probe (`./popote bench memory`): the heap after a full GC; absent unless POPOTE_HEAP_PROBE=1. */
  @Get('heap')
  heap() {
    if (!heapProbeEnabled()) throw new NotFoundException();
    return heapAfterGc();
  }

  @Get('ready')
  ready() {
    if (this.nc.isClosed()) throw new HttpException({ status: 'unavailable' }, HttpStatus.SERVICE_UNAVAILABLE);
    return { status: 'ok', service: 'bff' };
  }
}
