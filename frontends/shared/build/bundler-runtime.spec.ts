import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUNDLER_RUNTIME_GLOBAL } from './bundler-runtime-global.ts';
import provideBundlerRuntimePlugin, { provideBundlerRuntime } from './bundler-runtime.ts';

type Federation = {
  runtime: unknown;
  instance: unknown;
  initOptions: unknown;
  bundlerRuntime: Record<string, unknown> & { S: object };
  bundlerRuntimeOptions: object;
};
type Create = (runtime?: unknown) => Federation;

const page = globalThis as Record<string, unknown>;

describe('the bundler runtime a page hands to its remotes (ADR 0012)', () => {
  afterEach(() => {
    delete page[BUNDLER_RUNTIME_GLOBAL];
    vi.resetModules();
  });

  it("gives each container its own state and runtime module, and the page's functions", () => {
    expect(provideBundlerRuntimePlugin()).toEqual({ name: 'popote-provide-bundler-runtime' });
    const create = page[BUNDLER_RUNTIME_GLOBAL] as Create;
    expect(typeof create).toBe('function');
    const remoteRuntime = { init: () => undefined };
    const remote = create(remoteRuntime);
    const other = create();
    // State: a container's share scopes and options are its own.
    expect(remote.bundlerRuntime.S).not.toBe(other.bundlerRuntime.S);
    expect(remote.bundlerRuntimeOptions).not.toBe(other.bundlerRuntimeOptions);
    expect(remote.instance).toBeUndefined();
    expect(remote.initOptions).toBeUndefined();
    // The runtime module is the container's (it finds its instance by its build's identifier).
    expect(remote.runtime).toBe(remoteRuntime);
    expect(other.runtime).not.toBe(remoteRuntime);
    // Functions: one copy for all, initContainerEntry included (the host's own build leaves it out).
    for (const fn of ['consumes', 'I', 'init', 'installInitialConsumes', 'initContainerEntry', 'getSharedFallbackGetter']) {
      expect(typeof remote.bundlerRuntime[fn], fn).toBe('function');
      expect(remote.bundlerRuntime[fn], fn).toBe(other.bundlerRuntime[fn]);
    }
  });

  it("keeps the page's first runtime when another one starts", () => {
    const first = () => undefined;
    page[BUNDLER_RUNTIME_GLOBAL] = first;
    provideBundlerRuntime();
    expect(page[BUNDLER_RUNTIME_GLOBAL]).toBe(first);
  });

  it('lets a remote take its copy, or fail in French on a page without one', async () => {
    await expect(import('./bundler-runtime-from-host.ts')).rejects.toThrow(
      'Module Federation : la page hôte ne fournit pas son moteur (_POPOTE_MF_BUNDLER_RUNTIME).',
    );
    vi.resetModules();
    provideBundlerRuntime();
    const { default: federation } = (await import('./bundler-runtime-from-host.ts')) as { default: Federation };
    const runtime = await import('@module-federation/runtime');
    expect(federation.runtime).toBe(runtime);
    expect(typeof federation.bundlerRuntime.initContainerEntry).toBe('function');
  });
});
