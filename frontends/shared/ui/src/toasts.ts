/** Toasts appear top-centre for 3 s. */
export const TOAST_DURATION_MS = 3000;

const lasting = { duration: TOAST_DURATION_MS };

/**
 * Props of react-hot-toast's <Toaster> for the shell (and a remote running standalone).
 * Each kind is set: the library's own defaults are 2 s for a success and 4 s otherwise,
 * and a top-level duration would also end 'loading' toasts, which must stay until replaced.
 */
export const TOASTER_PROPS = {
  position: 'top-center',
  toastOptions: { success: lasting, error: lasting, blank: lasting, custom: lasting },
} as const;
