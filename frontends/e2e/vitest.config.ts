import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files run one after another in name order: `zz-cook-remote-down.e2e.ts` stops the cook
 * remote's server, so it must come last (vitest's default order is by past duration).
 */
class ByFileName extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => (a.moduleId < b.moduleId ? -1 : a.moduleId > b.moduleId ? 1 : 0));
  }
}

// Browser tests against the composed product. `./popote test` launches
// everything and sets POPOTE_E2E_URL to the shell; see README.md.
export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['tests/**/*.e2e.ts'],
    environment: 'node',
    // One Chromium at a time: the machines have two cores.
    fileParallelism: false,
    sequence: { sequencer: ByFileName },
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
