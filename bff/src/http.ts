import type { INestApplication } from '@nestjs/common';
import type { BffConfig } from './config';
import { trustProxySetting } from './security/client-address';

/**
 * HTTP settings of the BFF's Express app, shared by main.ts and the tests: behind the shell's proxy
 * and the ingress, the client address is X-Forwarded-For's read back through the configured proxies
 * only (a browser's own X-Forwarded-For is not believed).
 */
export function configureHttp(app: INestApplication, config: BffConfig): void {
  const express = app as unknown as { set(k: string, v: unknown): void };
  express.set('trust proxy', trustProxySetting(config.TRUST_PROXY));
}
