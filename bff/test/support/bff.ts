import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../../src/app.module';
import { bffConfig, type BffConfig } from '../../src/config';
import { configureHttp } from '../../src/http';

/** A BFF replica on a free port (`http`: with the HTTP layer of main.ts — helmet, body limits, the media routes' guards). */
export async function startBff(config: BffConfig, options: { http?: boolean } = {}): Promise<{ app: INestApplication; url: string }> {
  const app = await NestFactory.create(AppModule.forRoot(config), { logger: ['error'] });
  if (options.http) configureHttp(app, config);
  await app.listen(0, '127.0.0.1');
  return { app, url: await app.getUrl() };
}

export { bffConfig };
