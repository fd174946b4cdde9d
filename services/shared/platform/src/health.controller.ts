import { Controller, Get, Header, HttpException, HttpStatus, Inject, NotFoundException } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { STREAMS } from '@popote/contracts';
import type { Connection } from 'mongoose';
import { heapAfterGc, heapProbeEnabled } from './heap-probe';
import { deadLettersWaiting, metrics } from './metrics';
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

  /**
   * The dead-letter queue of this service's consumers (by subject `dlq.<durable>`): visible here, in
   * /metrics, in the logs (at error, when it happens) and with `./popote dlq`.
   */
  @Get('dead-letters')
  async deadLetters() {
    const jsm = await jetstreamManager(this.nc);
    const info = await jsm.streams.info(STREAMS.deadLetters.name, { subjects_filter: 'dlq.>' }).catch(() => null);
    const subjects = Object.fromEntries(
      Object.entries((info?.state.subjects ?? {}) as Record<string, number>).filter(([s]) => s.startsWith(`dlq.${this.service}-`)),
    );
    const total = Object.values(subjects).reduce((a, b) => a + b, 0);
    return { service: this.service, total, by_consumer: subjects, replay: './popote dlq replay <durable>' };
  }

  @Get('metrics')
  @Header('content-type', 'text/plain; version=0.0.4')
  async metrics() {
    const dlq = await this.deadLetters().catch(() => null);
    deadLettersWaiting.reset();
    for (const [subject, n] of Object.entries(dlq?.by_consumer ?? {})) deadLettersWaiting.set({ subject }, n);
    return metrics.metrics();
  }

  /** The bench's memory probe (`./popote bench memory`): the heap after a full GC; absent unless POPOTE_HEAP_PROBE=1. */
  @Get('heap')
  heap() {
    if (!heapProbeEnabled()) throw new NotFoundException();
    return heapAfterGc();
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
