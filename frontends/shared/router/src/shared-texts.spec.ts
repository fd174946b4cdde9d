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
    '@popote/auth': '0.1.0',
    'react-hot-toast': '^2.6.0',
    '@popote/ui': '0.1.0',
  },
});

describe('the French texts and the toast facade are shared only between builds of the same file', () => {
  it.each([
    '@popote/ui/fr',
    '@popote/ui/fr-account',
    '@popote/ui/fr-orders',
    '@popote/ui/fr-cook',
    '@popote/ui/fr-browse',
    '@popote/ui/toast',
  ])('gives %s the content hash as its version, required exactly, not a singleton', (texts) => {
    const hash = createHash('sha256')
      .update(readFileSync(fileURLToPath(import.meta.resolve(texts))))
      .digest('hex')
      .slice(0, 12);
    const shell = sharedSingletons(pkg('@popote/shell'))[texts];
    const consumer = sharedSingletons(pkg('@popote/consumer'))[texts];
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

  it('gives each text module its own version: a change of the cook texts leaves the others shared', () => {
    const shared = sharedSingletons(pkg('@popote/shell'));
    const versions = ['@popote/ui/fr', '@popote/ui/fr-account', '@popote/ui/fr-orders', '@popote/ui/fr-cook', '@popote/ui/fr-browse'].map(
      (m) => shared[m]?.version,
    );
    expect(new Set(versions).size).toBe(versions.length);
  });
});
