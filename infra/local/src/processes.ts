import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

let setprivOk: boolean | undefined;
/** `setpriv --pdeathsig` (util-linux) makes the kernel stop a child when its parent dies, even by SIGKILL. */
export function hasSetpriv(): boolean {
  setprivOk ??= spawnSync('setpriv', ['--version'], { stdio: 'ignore' }).status === 0;
  return setprivOk;
}

export interface DiesWithParentOptions {
  /** The signal the child gets when this process dies (default SIGTERM). */
  signal?: NodeJS.Signals;
  /**
   * Run the child as this unprivileged user (name; its own group and supplementary groups), for
   * programs that refuse to run as root (PostgreSQL). setpriv sets the death signal after it
   * changes the user, so the kernel keeps it; without setpriv, runuser (no death signal then).
   */
  user?: string;
}

/** The command line that runs `exe args` and ends it with this process (when setpriv exists). */
export function diesWithParent(exe: string, args: string[], opts: DiesWithParentOptions = {}): [string, string[]] {
  const signal = opts.signal ?? 'SIGTERM';
  if (hasSetpriv()) {
    const user = opts.user ? [`--reuid=${opts.user}`, `--regid=${opts.user}`, '--init-groups'] : [];
    return ['setpriv', [...user, '--pdeathsig', signal, '--', exe, ...args]];
  }
  return opts.user ? ['runuser', ['-u', opts.user, '--', exe, ...args]] : [exe, args];
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
/** How long a process may take to answer its readiness check (raise it on a heavily loaded machine). */
const READY_TIMEOUT_MS = Number(process.env.POPOTE_READY_TIMEOUT_MS) || 60_000;

export async function waitForHttp(url: string, proc: ManagedProcess | undefined, timeoutMs = READY_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  // A supervised process that dies while starting is restarted: keep waiting for the next one.
  const restarts = proc && 'restarts' in proc;
  while (Date.now() < deadline) {
    if (proc && !restarts && (proc.child.exitCode !== null || proc.child.signalCode !== null)) {
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

/** Back-off before restart n (1-based): 0.5 s, 1 s, 2 s … capped at 15 s. */
export function restartDelayMs(restart: number): number {
  return Math.min(15_000, 500 * 2 ** Math.max(0, restart - 1));
}

export interface SupervisedProcess extends ManagedProcess {
  /** How many times the process was restarted after dying. */
  readonly restarts: number;
}

/**
 * A process that is restarted when it dies (with back-off, logged), as Kubernetes restarts a pod's
 * container: `child` is always the current one. `stop()` ends it for good. The back-off resets
 * once a run lasted 20 seconds (a crash loop backs off; an instance killed now and then does not).
 */
export function spawnSupervised(
  name: string,
  command: string,
  args: string[],
  opts: { env: NodeJS.ProcessEnv; cwd: string; logFile: string; log?: (line: string) => void },
): SupervisedProcess {
  const log = opts.log ?? ((l: string) => console.error(l));
  let current = spawnManaged(name, command, args, opts);
  let stopping = false;
  let restarts = 0;
  let streak = 0;
  let startedAt = Date.now();
  let timer: NodeJS.Timeout | undefined;
  let resolveExited!: (code: number | null) => void;
  const exited = new Promise<number | null>((r) => (resolveExited = r));
  const watch = (proc: ManagedProcess) => {
    void proc.exited.then((code) => {
      if (stopping) return resolveExited(code);
      if (Date.now() - startedAt > 20_000) streak = 0;
      streak++;
      const delay = restartDelayMs(streak);
      log(`popote: ${name} exited (${proc.child.signalCode ?? code}); restarting in ${delay} ms (restart ${restarts + 1})`);
      timer = setTimeout(() => {
        if (stopping) return resolveExited(code);
        restarts++;
        startedAt = Date.now();
        current = spawnManaged(name, command, args, opts);
        watch(current);
      }, delay);
    });
  };
  watch(current);
  return {
    name,
    logFile: opts.logFile,
    get child() {
      return current.child;
    },
    get restarts() {
      return restarts;
    },
    exited,
    async stop(timeoutMs?: number) {
      stopping = true;
      if (timer) clearTimeout(timer);
      await current.stop(timeoutMs);
      resolveExited(current.child.exitCode);
    },
  };
}
