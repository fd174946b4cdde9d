import { firstRemoteOf } from './remote-paths';
import { loadRemoteApp } from './remote-registry';

/**
 * Starts loading the remote that owns the page being opened (runtime configuration → its
 * remoteEntry.js → its App, whose module then starts the page's chunk and first
 * query) from main.js, in parallel with the shell's own bootstrap, instead of after React has
 * rendered the layout. RemoteApp then waits for the same load (the MF runtime keeps the module);
 * a failure is left to that real load, which shows the "indisponible" notice and retries.
 */
export function startFirstRemote(pathname: string): void {
  const remote = firstRemoteOf(pathname);
  if (remote) loadRemoteApp(remote).catch(() => undefined);
}
