import { Controller, Get, HttpException, HttpStatus, Inject } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Connection } from 'mongoose';
import { NATS_CONNECTION, SERVICE_NAME } from './tokens';

/** Liveness: the process answers. Readiness: its database and NATS are reachable. */
@Controller('health')
export class HealthController {
  constructor(
    @Inject(SERVICE_NAME) private readonly service: string,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @InjectConnection() private readonly mongo: Connection,
  ) {}

  @Get(['', 'live'])
  live() {
    return { status: 'ok', service: this.service };
  }

  @Get('ready')
  async ready() {
    const checks = {
      mongo: this.mongo.readyState === 1,
      nats: !this.nc.isClosed() && !this.nc.isDraining(),
    };
    if (!checks.mongo || !checks.nats) {
      throw new HttpException({ status: 'unavailable', service: this.service, checks }, HttpStatus.SERVICE_UNAVAILABLE);
    }
    return { status: 'ok', service: this.service, checks };
  }
}
