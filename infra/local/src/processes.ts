import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

let setprivOk: boolean | undefined;
/** `setpriv --pdeathsig` (util-linux) makes the kernel stop a child when its parent dies, even by SIGKILL. */
export function hasSetpriv(): boolean {
  setprivOk ??= spawnSync('setpriv', ['--version'], { stdio: 'ignore' }).status === 0;
  return setprivOk;
}

/** The command line that runs `exe args` and ends it with this process (when setpriv exists). */
export function diesWithParent(exe: string, args: string[]): [string, string[]] {
  return hasSetpriv() ? ['setpriv', ['--pdeathsig', 'SIGTERM', '--', exe, ...args]] : [exe, args];
}

export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  logFile: string;
  stop(timeoutMs?: number): Promise<void>;
  exited: Promise<number | null>;
}

export function spawnManaged(
  name: string,
  command: string,
  args: string[],
  opts: { env: NodeJS.ProcessEnv; cwd: string; logFile: string },
): ManagedProcess {
  mkdirSync(dirname(opts.logFile), { recursive: true });
  const log = createWriteStream(opts.logFile, { flags: 'a' });
  const [cmd, argv] = diesWithParent(command, args);
  const child = spawn(cmd, argv, { env: opts.env, cwd: opts.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async (timeoutMs = 8000) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    await exited;
    clearTimeout(timer);
    log.end();
  };
  return { name, child, logFile: opts.logFile, stop, exited };
}

/** Polls `url` until it answers 2xx; fails early if the process exits, with its log's tail. */
export async function waitForHttp(url: string, proc: ManagedProcess | undefined, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (proc && (proc.child.exitCode !== null || proc.child.signalCode !== null)) {
      throw new Error(
        `${proc.name} exited (${proc.child.exitCode ?? proc.child.signalCode}) before it was ready; see ${proc.logFile}\n${await tail(proc.logFile)}`,
      );
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `${proc?.name ?? url} not ready after ${timeoutMs} ms (${last})${proc ? `; see ${proc.logFile}\n${await tail(proc.logFile)}` : ''}`,
  );
}

export async function tail(file: string, lines = 25): Promise<string> {
  const { readFile } = await import('node:fs/promises');
  try {
    return (await readFile(file, 'utf8')).trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}
