import { useCallback, useState } from 'react';

/** `[busy, run]`: `run(action)` keeps `busy` true until the action has settled (whatever its outcome). */
export function useBusy(): [boolean, (action: () => Promise<unknown>) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  }, []);
  return [busy, run];
}
