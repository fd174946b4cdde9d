import { launch } from './launcher';
import { profile } from './profiles';

/** `./popote start`: the whole product on this machine until Ctrl-C. */
async function main(): Promise<void> {
  const p = profile('dev');
  const started = Date.now();
  const app = await launch(p);
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.error('\npopote: stopping…');
    await app.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  for (const [name, proc] of app.processes) {
    void proc.exited.then((code) => {
      if (!stopping) console.error(`popote: ${name} exited (${code}); see ${proc.logFile}`);
    });
  }
  console.log(
    [
      '',
      `Popote is running (${((Date.now() - started) / 1000).toFixed(1)} s):`,
      `  ${app.urls.shell}`,
      '',
      `  GraphQL (GraphiQL): ${app.urls.bff}/graphql`,
      `  Traces (Jaeger):    ${app.urls.jaeger}/api/traces?service=bff`,
      `  Mail inbox:         ${app.env.MAIL_INBOX_URL}`,
      '  Demo accounts:      claire@popote.test (client), amina@popote.test (cuisinière) — mot de passe popote123',
      `  Operators' console: ${app.urls.shell}/console (an operator: ./popote operator add <email> <name>)`,
      `  Logs:               ${p.dataDir}/logs`,
      '  Ctrl-C stops everything.',
      '',
    ].join('\n'),
  );
}

main().catch((err) => {
  console.error(`popote: ${(err as Error).message}`);
  process.exit(1);
});
