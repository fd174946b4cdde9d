import { getInstance } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { getRuntimeConfig, type RemoteName } from './runtime-config';

/** MF container name of each remote (its `name` in module-federation.config.ts). */
const CONTAINERS: Record<RemoteName, string> = {
  consumer: 'popote_consumer',
  cook: 'popote_cook',
  ops: 'popote_ops',
};

/** What every remote exposes as `./App`: a component that renders its routes. */
export interface RemoteAppModule {
  default: ComponentType;
}

/** Entry URL (remoteEntry.js) each container was registered with. */
const registered = new Map<RemoteName, string>();

function isRemoteAppModule(value: unknown): value is RemoteAppModule {
  if (typeof value !== 'object' || value === null) return false;
  const component = (value as { default?: unknown }).default;
  // A function component, or an object one (memo, lazy, forwardRef).
  return typeof component === 'function' || (typeof component === 'object' && component !== null);
}

/**
 * Loads a remote's App through the MF runtime of the shell's build. Remotes
 * are registered lazily from the runtime configuration, so a remote that is
 * down costs nothing until one of its pages is opened.
 */
export async function loadRemoteApp(remote: RemoteName): Promise<RemoteAppModule> {
  const config = await getRuntimeConfig();
  const entry = config.remotes[remote];
  if (!entry) throw new Error(`runtime-config.json has no entry URL for remote "${remote}"`);

  const federation = getInstance();
  if (!federation) throw new Error('Module Federation runtime is not initialised');
  const name = CONTAINERS[remote];
  if (registered.get(remote) !== entry) {
    // `force` only when the URL changed (the configuration was read again):
    // it drops what the runtime cached for the old location.
    federation.registerRemotes([{ name, entry }], { force: registered.has(remote) });
    registered.set(remote, entry);
  }

  // A failed script load leaves nothing cached in the MF runtime,
  // so calling loadRemote again (the "Réessayer" button) is a real new attempt.
  const module = await federation.loadRemote<unknown>(`${name}/App`);
  if (!isRemoteAppModule(module)) throw new Error(`${name}/App does not export a default component`);
  return module;
}
