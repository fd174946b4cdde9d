// Small helpers the server modules share: waiting, files, ports, HTTP readiness checks and running
// a program to its end.

import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import * as path from 'node:path';

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

export function logTail(file: string, lines = 25): string {
  try {
    const text = fs.readFileSync(file, 'utf8');
    return text
      .trimEnd()
      .split('\n')
      .slice(-lines)
      .map((l) => `  | ${l}`)
      .join('\n');
  } catch (err) {
    return `  | (no log: ${err instanceof Error ? err.message : String(err)})`;
  }
}

/** True when nobody listens on host:port (we can bind it ourselves). */
export function portFree(host: string, port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE' || err.code === 'EACCES') resolve(false);
      else reject(err);
    });
    srv.listen({ host, port, exclusive: true }, () => srv.close(() => resolve(true)));
  });
}

/** A plain GET without connection pooling (no sockets left behind). */
export function httpGet(url: string, headers: Record<string, string> = {}, timeoutMs = 2_000): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: false, timeout: timeoutMs }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (body.length < 65_536) body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`timeout after ${timeoutMs}ms`)));
    req.on('error', reject);
  });
}

/** A readiness check: true when a GET of `url` answers 200. */
export async function answers200(url: string, headers: Record<string, string> = {}): Promise<boolean> {
  return (await httpGet(url, headers)).status === 200;
}

/** The parent's environment without the variables whose name starts with one of `dropPrefixes`. */
export function parentEnv(dropPrefixes: readonly string[] = []): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined) continue;
    if (dropPrefixes.some((prefix) => k.startsWith(prefix))) continue;
    env[k] = v;
  }
  return env;
}

/** Runs a program to its end; resolves its stdout (stderr too with `both`), rejects with its stderr when it fails. */
export function run(cmd: string, args: string[], opts: { cwd?: string; timeoutMs: number; both?: boolean }): Promise<string> {
  // PostgreSQL's programs read PGPASSWORD, PGSSLMODE, … of their environment: only their arguments count.
  const env = parentEnv(['PG']);
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { cwd: opts.cwd, env, timeout: opts.timeoutMs, maxBuffer: 4 << 20 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${path.basename(cmd)} ${args.join(' ')}: ${(stderr || err.message).trim()}`));
      else resolve(opts.both ? `${stdout}${stderr}` : stdout);
    });
  });
}
