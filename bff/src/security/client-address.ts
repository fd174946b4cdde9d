import type { Request } from 'express';

/**
 * The client's address: Express's `req.ip`, which walks X-Forwarded-For back through the proxies
 * that TRUST_PROXY names (the shell, the ingress) and stops at the first one it does not trust, so
 * a browser cannot choose its own address by sending the header.
 */
export const clientAddress = (req: Request): string => req.ip ?? req.socket?.remoteAddress ?? 'unknown';

/**
 * Express's `trust proxy` from TRUST_PROXY: a hop count ("2"), or addresses/subnets and the names
 * Express knows (loopback, linklocal, uniquelocal), comma-separated.
 */
export function trustProxySetting(value: string): number | string[] {
  if (/^(none|false)$/i.test(value.trim())) return 0;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
