import { useEffect } from 'react';
import { matchPath, usePathname } from '@popote/router';
import { accessFor } from '../auth/access';
import { RouteGuard } from '../auth/route-guard';
import { NotFoundPage } from '@popote/ui/not-found-page';
import { RemoteApp } from './remote-app';
import { loadRemoteApp } from './remote-registry';
import type { RemoteName } from './runtime-config';
import { fetchedBeforeGuard, remoteOf } from './remote-paths';

export function findRemote(pathname: string): RemoteName | null {
  return remoteOf((pattern) => matchPath(pattern, pathname));
}

export function RemoteRoutes() {
  const pathname = usePathname();
  const remote = findRemote(pathname);
  const access = accessFor(pathname);

  // A guarded page first waits for `me`: fetch the remote meanwhile rather than after (never the
  // console's, fetched only once an operator is found). Failures are not kept by the MF runtime;
  // the real load reports them.
  useEffect(() => {
    if (remote && access !== 'public' && fetchedBeforeGuard(access)) loadRemoteApp(remote).catch(() => undefined);
  }, [remote, access]);

  if (!remote) return <NotFoundPage />;
  // Signed-in and cook-only pages wait for `me`, the console's for `operator`, and may redirect (see ../auth/access.ts).
  // The guard renders the remote in place, so moving between pages never remounts it.
  // Keyed by remote: moving from a consumer page to a cook page starts a fresh boundary.
  return (
    <RouteGuard access={access}>
      <RemoteApp key={remote} remote={remote} />
    </RouteGuard>
  );
}
