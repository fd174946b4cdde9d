import { unlimitedRateLimits } from '@popote/contracts';
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { launch } from './launcher';
import { freeTestOffset, profile, repoRoot } from './profiles';

/**
 * `./popote test`: every test, against real parts.
 *   1. unit, frontend unit, deployment checks (offline: compose, kustomize + kube-score, the
 *      Dockerfiles followed without Docker; infra/deploy) and integration (vitest; the
 *      integration project starts its own servers),
 *   2. the whole product launched on the test ports, then the system tests (traces in Jaeger) and
 *      the browser tests (@playwright/test driving Debian's Chromium) against it.
 * Ends with `N passed, N failed` (skipped tests are counted and listed).
 */
interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

const root = repoRoot();
const reports = join(root, '.data', 'test-reports');
/** What failed, repeated at the very end: CI keeps only the tail of a long run's output. */
const failures: string[] = [];

/** Runs a test tool's CLI (a script under node_modules) with `args`; its JSON report is `<name>.json`. Resolves to its exit code. */
function runTool(
  name: string,
  cli: string,
  args: (out: string) => string[],
  env: (out: string) => NodeJS.ProcessEnv = () => ({}),
): Promise<number> {
  const out = join(reports, `${name}.json`);
  rmSync(out, { force: true });
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, 'node_modules', cli), ...args(out)], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env(out) },
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

function vitest(name: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  return runTool(
    name,
    'vitest/vitest.mjs',
    (out) => ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    () => env,
  );
}

/** The browser tests: Playwright's runner with the suite's config, its JSON report at `<name>.json`. */
function playwright(name: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  return runTool(
    name,
    '@playwright/test/cli.js',
    () => [
      'test',
      '--config',
      join(root, 'frontends/e2e/playwright.config.ts'),
      // Each run its own folder of failure traces: Playwright empties it when it starts.
      `--output=${join(reports, `${name}-artifacts`)}`,
      ...args,
    ],
    (out) => ({ ...env, PLAYWRIGHT_JSON_OUTPUT_FILE: out }),
  );
}

interface PlaywrightSuite {
  title: string;
  specs: { title: string; file: string; tests: { status: 'expected' | 'unexpected' | 'flaky' | 'skipped' }[] }[];
  suites?: PlaywrightSuite[];
}

/** Counts a Playwright JSON report like `count` does vitest's: failures listed by file > title. */
function countPlaywright(name: string, exitCode: number): Counts {
  let r: {
    config: { rootDir: string };
    suites: PlaywrightSuite[];
    errors: { message?: string; location?: { file: string } }[];
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  try {
    r = JSON.parse(readFileSync(join(reports, `${name}.json`), 'utf8')) as typeof r;
  } catch {
    // No report: the runner did not get as far as running tests (a broken config, say).
    failures.push(`${name}: exit code ${exitCode}, no report`);
    return { passed: 0, failed: 1, skipped: 0 };
  }
  const before = failures.length;
  const visit = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs) {
      const fullName = [...titles, spec.title].join(' > ');
      const where = relative(root, join(r.config.rootDir, spec.file));
      for (const t of spec.tests) {
        if (t.status === 'unexpected') failures.push(`${name}: ${where} > ${fullName}`);
        if (t.status === 'skipped') console.log(`skipped: ${where} > ${fullName}`);
      }
    }
    // Anonymous groups (a viewport for some tests) add no title.
    for (const child of suite.suites ?? []) visit(child, child.title ? [...titles, child.title] : titles);
  };
  // The top level is one suite per file, titled by the file.
  for (const file of r.suites) visit(file, []);
  // Errors outside any test: a file that fails to load, no test matching the filter...
  for (const e of r.errors) {
    const where = e.location ? relative(root, e.location.file) : name;
    failures.push(`${name}: ${where} (${(e.message ?? 'failed to run').split('\n')[0]})`);
  }
  if (exitCode !== 0 && failures.length === before) failures.push(`${name}: playwright exited with code ${exitCode}`);
  const failed = r.stats.unexpected + r.errors.length;
  return {
    passed: r.stats.expected + r.stats.flaky,
    failed: exitCode !== 0 && failed === 0 ? 1 : failed,
    skipped: r.stats.skipped,
  };
}

function count(name: string, exitCode: number): Counts {
  const before = failures.length;
  try {
    const r = JSON.parse(readFileSync(join(reports, `${name}.json`), 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
      numFailedTestSuites: number;
      testResults: { name: string; status: string; message?: string; assertionResults: { status: string; fullName: string }[] }[];
    };
    for (const file of r.testResults) {
      const where = relative(root, file.name);
      for (const t of file.assertionResults.filter((a) => a.status === 'failed')) failures.push(`${name}: ${where} > ${t.fullName}`);
      if (file.status === 'failed' && !file.assertionResults.some((a) => a.status === 'failed')) {
        failures.push(`${name}: ${where} (${(file.message ?? 'failed to run').split('\n')[0]})`);
      }
    }
    for (const t of r.testResults.flatMap((f) => f.assertionResults).filter((a) => a.status === 'skipped' || a.status === 'pending')) {
      console.log(`skipped: ${t.fullName}`);
    }
    if (exitCode !== 0 && failures.length === before) failures.push(`${name}: vitest exited with code ${exitCode}`);
    // A file that fails to load has no test results: count it as one failure.
    const failed = r.numFailedTests + (exitCode !== 0 && r.numFailedTests === 0 ? Math.max(1, r.numFailedTestSuites) : 0);
    return { passed: r.numPassedTests, failed, skipped: r.numPendingTests + r.numTodoTests };
  } catch {
    if (exitCode !== 0) failures.push(`${name}: exit code ${exitCode}, no report`);
    return { passed: 0, failed: exitCode === 0 ? 0 : 1, skipped: 0 };
  }
}

async function main(): Promise<void> {
  mkdirSync(reports, { recursive: true });
  const offset = await freeTestOffset();
  if (offset !== 100) console.log(`popote: test ports busy, using offset ${offset}`);
  const totals: Counts = { passed: 0, failed: 0, skipped: 0 };
  const add = (c: Counts) => {
    totals.passed += c.passed;
    totals.failed += c.failed;
    totals.skipped += c.skipped;
  };
  // Every browser and load generator of the launched product is 127.0.0.1: one client for the
  // per-address limits, which the integration tests check; in the launched product (browser tests,
  // replicas, chaos) they are raised so hundreds of test accounts can sign up.
  for (const [name, value] of Object.entries(unlimitedRateLimits())) process.env[name] ??= value;
  const only = process.argv[2]; // optional: lint | unit | web | deploy | int | system | e2e | replicas | chaos
  // With one part named, further arguments go to its runner, vitest or Playwright (a file filter, say: `./popote test e2e payouts`).
  const extra = only ? process.argv.slice(3) : [];

  if (!only || only === 'lint') {
    // Static checks count as tests: ESLint (with Nx module boundaries) and Prettier.
    console.log('\n== lint and format ==');
    for (const [name, args] of [
      ['eslint', ['run', '-s', 'lint']],
      ['prettier', ['run', '-s', 'format:check']],
    ] as const) {
      const code = await new Promise<number>((resolve) =>
        spawn('npm', [...args], { cwd: root, stdio: 'inherit' }).on('exit', (c) => resolve(c ?? 1)),
      );
      console.log(`${code === 0 ? '✓' : '×'} ${name}`);
      if (code !== 0) failures.push(`lint: ${name}`);
      add(code === 0 ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 });
    }
  }

  for (const project of ['unit', 'web', 'deploy', 'int']) {
    if (only && only !== project) continue;
    console.log(`\n== ${project} tests ==`);
    add(count(project, await vitest(project, ['--project', project, ...extra])));
  }

  if (!only || only === 'system' || only === 'e2e') {
    console.log('\n== launching the product for system and browser tests ==');
    await freeTestOffset(); // again: another run may have taken ports meanwhile
    const p = profile('test');
    rmSync(p.dataDir, { recursive: true, force: true });
    let app: Awaited<ReturnType<typeof launch>> | undefined;
    try {
      app = await launch(p, { log: (l) => console.log(l) });
    } catch (err) {
      console.error(`launch failed: ${(err as Error).message}`);
      failures.push(`launch: ${(err as Error).message.split('\n')[0]}`);
      add({ passed: 0, failed: 1, skipped: 0 });
    }
    if (app) {
      const env = {
        POPOTE_E2E_URL: app.urls.shell,
        POPOTE_BFF_URL: app.urls.bff,
        POPOTE_CONSUMER_URL: app.urls.consumer,
        POPOTE_COOK_URL: app.urls.cook,
        POPOTE_OPS_URL: app.urls.ops,
        JAEGER_QUERY_URL: app.urls.jaeger,
        MAIL_INBOX_URL: app.env.MAIL_INBOX_URL,
        // The reservation test moves a reservation past its expiry in the database (docs/checkout.md).
        POPOTE_MONGO_URL: app.env.MONGO_URL,
        // Lets the last browser test stop the cook remote to check the shell's fallback.
        POPOTE_COOK_PID: String(app.processes.get('cook')?.child.pid ?? ''),
        // Every app process, for the check of their environment against infra/deploy's list.
        POPOTE_APP_PIDS: JSON.stringify(Object.fromEntries([...app.processes].map(([name, proc]) => [name, proc.child.pid]))),
      };
      try {
        if (!only || only === 'system') {
          console.log('\n== system tests ==');
          add(count('system', await vitest('system', ['--project', 'system', ...extra], env)));
        }
        if (!only || only === 'e2e') {
          console.log('\n== browser tests ==');
          add(countPlaywright('e2e', await playwright('e2e', extra, env)));
        }
      } finally {
        await app.stop();
      }
    }
  }

  if (!only || only === 'replicas') {
    // The browser parts of checkout and the order lifecycle again, with two instances of every
    // service (ADR 0004): live updates, stock and refunds must not depend on which instance answers.
    console.log('\n== browser tests of checkout and lifecycle, 2 instances per service ==');
    await freeTestOffset();
    const p = { ...profile('test'), dataDir: join(root, '.data', 'test-replicas') };
    rmSync(p.dataDir, { recursive: true, force: true });
    let app: Awaited<ReturnType<typeof launch>> | undefined;
    try {
      app = await launch(p, { log: (l) => console.log(l), replicas: 2 });
    } catch (err) {
      console.error(`launch with replicas failed: ${(err as Error).message}`);
      failures.push(`launch with replicas: ${(err as Error).message.split('\n')[0]}`);
      add({ passed: 0, failed: 1, skipped: 0 });
    }
    if (app) {
      try {
        const env = {
          POPOTE_E2E_URL: app.urls.shell,
          POPOTE_BFF_URL: app.urls.bff,
          POPOTE_CONSUMER_URL: app.urls.consumer,
          POPOTE_COOK_URL: app.urls.cook,
          POPOTE_OPS_URL: app.urls.ops,
          MAIL_INBOX_URL: app.env.MAIL_INBOX_URL,
        };
        const files = ['tests/cart.e2e.ts', 'tests/checkout.e2e.ts', 'tests/live-orders.e2e.ts'];
        add(countPlaywright('e2e-replicas', await playwright('e2e-replicas', files, env)));
      } finally {
        await app.stop();
      }
    }
  }

  if (!only || only === 'chaos') {
    // Faults under load: checkouts while service instances (and, in the second run, a NATS node of a
    // 3-node JetStream cluster) are killed; outcomes counted from the databases (ADR 0004).
    console.log('\n== chaos: service instances killed during checkouts ==');
    await freeTestOffset();
    add(count('chaos', await vitest('chaos', ['--project', 'chaos'])));
    console.log('\n== chaos: the same on a 3-node NATS cluster, one node killed ==');
    await freeTestOffset();
    add(count('chaos-cluster', await vitest('chaos-cluster', ['--project', 'chaos'], { CHAOS_NATS_CLUSTER: '1' })));
  }

  console.log('');
  if (failures.length) console.log(`failed:\n${failures.map((f) => `  × ${f}`).join('\n')}\n`);
  console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
  process.exit(totals.failed > 0 || totals.passed === 0 ? 1 : 0);
}

void main();
