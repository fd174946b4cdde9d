// The processes of a run: every process below the bench's own (the launcher's servers, services,
// BFF, static servers and what they started, PostgreSQL's backends included), each with a name.

import { readdirSync, readFileSync } from 'node:fs';

export interface BenchProcess {
  pid: number;
  ppid: number;
  /** An app of ours by its script (`catalogue`, `bff`, `consumer`…), else the executable's name. */
  name: string;
  /** CPU time so far (user + system), ms. */
  cpuMs: number;
}

const TICK_MS = 10; // USER_HZ = 100 on Linux

/**
 * PostgreSQL names its processes by role in their title (`postgres: popote ferretdb 127.0.0.1(5123) idle`):
 * one name for the backends FerretDB's pool holds, one for the server's own processes.
 */
const postgresRole = (title: string | undefined): string | null =>
  !title?.startsWith('postgres') ? null : /^postgres: \S+ \S+ \d/.test(title) ? 'postgres (connections)' : 'postgres (server)';

/** One process as /proc tells it (null once gone). */
function read(pid: number): BenchProcess | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    const script = cmd.find((a) => /dist\/main\.js|server\.mjs/.test(a));
    const name = script
      ? (script.match(/(?:services\/)?([a-z-]+)\/(?:dist\/main\.js|server\.mjs)$/)?.[1] ?? script)
      : (postgresRole(cmd[0]) ?? cmd[0]?.split('/').pop() ?? String(pid));
    return { pid, ppid: Number(rest[1]), name, cpuMs: (Number(rest[11]) + Number(rest[12])) * TICK_MS };
  } catch {
    return null;
  }
}

/** Every process below this one (not this one). */
export function processesBelowMe(): BenchProcess[] {
  const all = new Map<number, BenchProcess>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    const p = read(Number(d));
    if (p) all.set(p.pid, p);
  }
  const mine = new Set<number>([process.pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, p] of all) {
      if (!mine.has(pid) && mine.has(p.ppid)) {
        mine.add(pid);
        grew = true;
      }
    }
  }
  mine.delete(process.pid);
  return [...mine].map((pid) => all.get(pid)!);
}

/** This process's CPU time so far, ms. */
export const myCpuMs = (): number => read(process.pid)?.cpuMs ?? 0;
