import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sharedSingletons } from '@popote/build';

const pkg = (name: string) => ({
  name,
  dependencies: {
    react: '^19.2.7',
    'react-dom': '^19.2.7',
    '@popote/router': '0.1.0',
    '@popote/graphql': '0.1.0',
    'react-hot-toast': '^2.6.0',
    '@popote/ui': '0.1.0',
  },
});

describe('the French texts are shared only between builds of the same file', () => {
  it('gives @popote/ui/fr the content hash as its version, required exactly, not a singleton', () => {
    const hash = createHash('sha256')
      .update(readFileSync(fileURLToPath(import.meta.resolve('@popote/ui/fr'))))
      .digest('hex')
      .slice(0, 12);
    const shell = sharedSingletons(pkg('@popote/shell'))['@popote/ui/fr'];
    const consumer = sharedSingletons(pkg('@popote/consumer'))['@popote/ui/fr'];
    expect(shell).toEqual({
      singleton: false,
      strictVersion: true,
      version: `0.0.0-h${hash}`,
      requiredVersion: `0.0.0-h${hash}`,
      eager: false,
      packageName: '@popote/ui',
    });
    expect(consumer).toEqual(shell);
  });
});
