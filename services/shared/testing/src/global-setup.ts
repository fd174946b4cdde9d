import type { TestProject } from 'vitest/node';
import { startTestInfra } from './infra';

declare module 'vitest' {
  export interface ProvidedContext {
    infraEnv: Record<string, string>;
  }
}

/** Vitest global setup of the integration project: servers once per run, torn down at the end. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const infra = await startTestInfra((l) => process.stderr.write(`${l}\n`));
  project.provide('infraEnv', infra.env);
  return () => infra.stop();
}
