import { lazy, Suspense, useEffect, useState, type ComponentProps, type ReactNode } from 'react';

/*
 * Toasts without react-hot-toast in the first download (~4.6 KiB gzip that no page needs
 * before its first message). Pages call `toast.success(...)`, `toast.error(...)`, `toast(...)`,
 * `toast.dismiss(id)` from here: the first call downloads react-hot-toast (a Module Federation
 * singleton: the shell and every remote share its store) and replays the calls made meanwhile, in
 * order; `<LazyToaster>` (the shell's layout, a remote running standalone) renders nothing until a
 * toast was asked for, then react-hot-toast's <Toaster>, which shows the toasts already in its store.
 * The facade is bundled in each app; the "a toast was asked for" signal is a page-wide global so
 * that the shell's toaster hears a remote's first toast.
 */

type HotToast = typeof import('react-hot-toast').default;
type Message = Parameters<HotToast>[0];
type Options = Parameters<HotToast>[1];

interface Signal {
  requested: boolean;
  listeners: Set<() => void>;
}

const SIGNAL = Symbol.for('popote.ui.toasts');

function signal(): Signal {
  const holder = globalThis as { [SIGNAL]?: Signal };
  return (holder[SIGNAL] ??= { requested: false, listeners: new Set() });
}

function announce(): void {
  const shared = signal();
  if (shared.requested) return;
  shared.requested = true;
  for (const listener of [...shared.listeners]) listener();
}

let library: HotToast | null = null;
let loading: Promise<HotToast> | null = null;
const queue: Array<(hot: HotToast) => void> = [];

const load = () =>
  (loading ??= import('react-hot-toast').then(
    (module) => {
      library = module.default;
      for (const action of queue.splice(0)) action(library);
      return library;
    },
    (error: unknown) => {
      // A failed download is tried again by the next toast.
      loading = null;
      throw error;
    },
  ));

function run(action: (hot: HotToast) => void): void {
  announce();
  if (library) {
    action(library);
    return;
  }
  queue.push(action);
  load().catch(() => undefined);
}

/** The page's toasts (react-hot-toast's API, the parts the pages use), loaded with the first one. */
export const toast = Object.assign((message: Message, options?: Options): void => run((hot) => void hot(message, options)), {
  success: (message: Message, options?: Options): void => run((hot) => void hot.success(message, options)),
  error: (message: Message, options?: Options): void => run((hot) => void hot.error(message, options)),
  /** Dismisses a toast (nothing to do while none was ever shown). */
  dismiss: (id?: string): void => {
    if (library) library.dismiss(id);
    else if (loading) queue.push((hot) => hot.dismiss(id));
  },
});

type ToasterProps = ComponentProps<typeof import('react-hot-toast').Toaster>;

const Toaster = lazy(() => import('react-hot-toast').then((module) => ({ default: module.Toaster })));

/** react-hot-toast's <Toaster>, rendered from the first toast on. */
export function LazyToaster(props: ToasterProps): ReactNode {
  const [shown, setShown] = useState(() => signal().requested);
  useEffect(() => {
    if (shown) return undefined;
    const shared = signal();
    const show = () => setShown(true);
    if (shared.requested) {
      show();
      return undefined;
    }
    shared.listeners.add(show);
    return () => {
      shared.listeners.delete(show);
    };
  }, [shown]);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <Toaster {...props} />
    </Suspense>
  );
}
