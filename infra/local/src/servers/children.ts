// Process bookkeeping: every server child we started, so that they die with us; how one is
// spawned, waited for until ready, and stopped.

import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { diesWithParent } from '../processes';
import type { ServerSpec } from './config';
import { logTail, parentEnv, sleep } from './helpers';

const STOP_GRACE_MS = 5_000;

/** Every child still running, and the signal that stops it. */
const liveChildren = new Map<ChildProcess, NodeJS.Signals>();
let exitHookInstalled = false;
const signalHooks = new Set<NodeJS.Signals>();

function killAllSync(): void {
  for (const [child, signal] of liveChildren) {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

/**
 * 'exit': stop every child still running (SIGTERM; PostgreSQL SIGINT). SIGINT/SIGTERM/SIGHUP:
 * when nobody else listens for the signal, stop the children that way and re-raise it, so the
 * default behaviour (terminate) is kept; when the program has its own handler (e.g. launch.ts stops the services first and
 * then calls stop()), leave the shutdown to it: the 'exit' hook and pdeathsig remain as backstops.
 */
export function installExitHooks(): void {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', () => killAllSync());
  }
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    if (signalHooks.has(sig)) continue;
    signalHooks.add(sig);
    const onSignal = (): void => {
      if (process.listenerCount(sig) > 1) return;
      killAllSync();
      process.removeListener(sig, onSignal);
      signalHooks.delete(sig);
      process.kill(process.pid, sig);
    };
    process.on(sig, onSignal);
  }
}

export interface Started {
  spec: ServerSpec;
  child: ChildProcess;
  logFile: string;
  exited: Promise<void>;
  exitInfo?: { code: number | null; signal: NodeJS.Signals | null };
}

export function spawnServer(spec: ServerSpec, binDir: string, dataDir: string, log: (line: string) => void): Started {
  const logFile = path.join(dataDir, `${spec.name}.log`);
  // Keep the previous run's log next to the new one.
  try {
    fs.renameSync(logFile, `${logFile}.prev`);
  } catch {
    /* no previous log */
  }
  const fd = fs.openSync(logFile, 'w');
  const env = parentEnv(spec.dropEnvPrefixes);
  Object.assign(env, spec.env ?? {});

  const exe = path.isAbsolute(spec.bin) ? spec.bin : path.join(binDir, spec.bin);
  const [cmd, args] = diesWithParent(exe, spec.args, { signal: spec.stopSignal, user: spec.user });
  fs.writeSync(fd, `# ${new Date().toISOString()} ${spec.user ? `(as ${spec.user}) ` : ''}${[exe, ...spec.args].join(' ')}\n`);
  let child: ChildProcess;
  try {
    child = spawn(cmd, args, { cwd: dataDir, env, stdio: ['ignore', fd, fd], detached: spec.ownProcessGroup ?? false });
  } finally {
    fs.closeSync(fd);
  }
  liveChildren.set(child, spec.stopSignal ?? 'SIGTERM');
  const started: Started = {
    spec,
    child,
    logFile,
    exited: new Promise<void>((resolve) => {
      child.once('exit', (code, signal) => {
        started.exitInfo = { code, signal };
        liveChildren.delete(child);
        resolve();
      });
      child.once('error', (err) => {
        // spawn failure (ENOENT...): 'exit' may not follow.
        started.exitInfo ??= { code: -1, signal: null };
        fs.appendFileSync(logFile, `popote: could not spawn ${cmd}: ${err.message}\n`);
        liveChildren.delete(child);
        resolve();
      });
    }),
  };
  log(`popote: started ${spec.name} (pid ${child.pid}), log ${logFile}`);
  return started;
}

export async function stopOne(s: Started): Promise<void> {
  if (s.exitInfo) return;
  if (s.spec.beforeStop) await Promise.race([s.spec.beforeStop().catch(() => undefined), sleep(10_000)]);
  s.child.kill(s.spec.stopSignal ?? 'SIGTERM');
  const timer = sleep(s.spec.stopGraceMs ?? STOP_GRACE_MS).then(() => 'timeout' as const);
  if ((await Promise.race([s.exited.then(() => 'exited' as const), timer])) === 'timeout') {
    s.child.kill('SIGKILL');
    await s.exited;
  }
}

export async function waitReady(s: Started, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: string;
  for (;;) {
    if (s.exitInfo) {
      const how = s.exitInfo.signal ? `signal ${s.exitInfo.signal}` : `code ${s.exitInfo.code}`;
      throw new Error(`popote: ${s.spec.name} exited (${how}) before it was ready; last lines of ${s.logFile}:\n${logTail(s.logFile)}`);
    }
    try {
      if (await s.spec.ready()) return;
      lastError = 'not ready yet';
    } catch (err) {
      lastError = err instanceof Error ? err.message : String(err);
    }
    if (Date.now() >= deadline) {
      throw new Error(
        `popote: ${s.spec.name} not ready after ${Math.round(timeoutMs / 1000)}s (last check: ${lastError}); ` +
          `last lines of ${s.logFile}:\n${logTail(s.logFile)}`,
      );
    }
    await Promise.race([sleep(150), s.exited]);
  }
}
