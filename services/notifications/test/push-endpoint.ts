import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';

/** What a test device received: the decrypted payload and the VAPID claims that came with it. */
export interface Received {
  payload: { title: string; body: string; url: string; tag: string };
  claims: { aud: string; exp: number; sub: string };
  topic: string | undefined;
  urgency: string | undefined;
}

/** How a device's push service answers: accepts, says the subscription is gone, or fails `n` times first. */
/** `hang`: the request is read and never answered (a push service that does not answer). */
/** `redirect`: answers 307 to another address (a push service must never send the sender elsewhere). */
export type Behaviour =
  | { kind: 'accept' }
  | { kind: 'gone' }
  | { kind: 'fail'; times: number; status: number }
  | { kind: 'hang' }
  | { kind: 'redirect'; to: string };

export interface TestDevice {
  name: string;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  received: Received[];
  /** Requests refused by the endpoint (bad signature, wrong audience, undecryptable): must stay empty. */
  rejected: string[];
  /** Every request, answered however (accepted, failed on purpose, gone). */
  requests: number;
}

/**
 * A push service for tests (RFC 8030 as the browsers' push services speak it), on 127.0.0.1: each
 * device is a path with its own P-256 key pair and 16-byte auth secret (as a browser makes them).
 * Every request must carry a valid VAPID signature (RFC 8292: `Authorization: vapid t=<ES256 JWT>,
 * k=<public key>`) by the expected key, for this endpoint's origin, not expired; its aes128gcm body
 * (RFC 8291) is decrypted with `http_ece` with the device's private key. Anything else is refused
 * (400/401/403) and recorded in `rejected`.
 */
export class PushEndpoint {
  private readonly devices = new Map<string, TestDevice & { ecdh: ECDH; auth: Buffer; behaviour: Behaviour }>();

  private constructor(
    private readonly server: Server,
    readonly origin: string,
    private readonly vapidPublicKey: string,
  ) {}

  static async start(vapidPublicKey: string): Promise<PushEndpoint> {
    const handle: { endpoint?: PushEndpoint } = {};
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const { status, error, hang, location } = handle.endpoint!.receive(req.url ?? '', req.headers, Buffer.concat(chunks));
        if (hang) return; // left open until the sender gives up (or the server closes)
        res.writeHead(status, { ...(error ? { 'content-type': 'text/plain' } : {}), ...(location ? { location } : {}) });
        res.end(error ?? '');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    handle.endpoint = new PushEndpoint(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`, vapidPublicKey);
    return handle.endpoint;
  }

  device(name: string, behaviour: Behaviour = { kind: 'accept' }): TestDevice {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const device = {
      name,
      subscription: {
        endpoint: `${this.origin}/push/${name}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      },
      received: [],
      rejected: [],
      requests: 0,
      ecdh,
      auth,
      behaviour,
    };
    this.devices.set(name, device);
    return device;
  }

  private receive(
    path: string,
    headers: Record<string, string | string[] | undefined>,
    body: Buffer,
  ): { status: number; error?: string; hang?: boolean; location?: string } {
    const device = this.devices.get(path.replace(/^\/push\//, ''));
    if (!device) return { status: 404, error: 'unknown subscription' };
    device.requests++;
    if (device.behaviour.kind === 'hang') return { status: 0, hang: true };
    if (device.behaviour.kind === 'redirect') return { status: 307, location: device.behaviour.to };
    const refuse = (status: number, error: string) => {
      device.rejected.push(error);
      return { status, error };
    };
    const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(String(headers.authorization ?? ''));
    if (!m) return refuse(401, `no VAPID authorization: ${headers.authorization}`);
    const [, jwt, key] = m as unknown as [string, string, string];
    if (key !== this.vapidPublicKey) return refuse(403, 'signed by another key');
    const [h, p, s] = jwt.split('.') as [string, string, string];
    const header = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg: string; typ: string };
    const point = Buffer.from(key, 'base64url');
    const publicKey = createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
      format: 'jwk',
    });
    const signed = verify('sha256', Buffer.from(`${h}.${p}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'));
    if (header.alg !== 'ES256' || !signed) return refuse(403, 'bad VAPID signature');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Received['claims'];
    if (claims.aud !== this.origin) return refuse(403, `audience ${claims.aud} is not ${this.origin}`);
    const now = Date.now() / 1000;
    if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) return refuse(403, `exp ${claims.exp} out of range`);
    if (headers['content-encoding'] !== 'aes128gcm') return refuse(400, `content-encoding ${headers['content-encoding']}`);
    if (!headers.ttl) return refuse(400, 'no TTL');
    let payload: Received['payload'];
    try {
      payload = JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth }).toString('utf8'));
    } catch (err) {
      return refuse(400, `undecryptable: ${(err as Error).message}`);
    }
    const b = device.behaviour;
    if (b.kind === 'gone') return { status: 410, error: 'subscription expired' };
    if (b.kind === 'fail' && b.times > 0) {
      b.times--;
      return { status: b.status, error: 'try later' };
    }
    device.received.push({ payload, claims, topic: headers.topic as string | undefined, urgency: headers.urgency as string | undefined });
    return { status: 201 };
  }

  close(): Promise<void> {
    const closed = new Promise<void>((r) => this.server.close(() => r()));
    this.server.closeAllConnections();
    return closed;
  }
}
