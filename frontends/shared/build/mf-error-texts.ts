/*
 * What a production build bundles in place of `@module-federation/error-codes/dist/desc.mjs`
 * (see @popote/build's `mfErrorTextsAsCodes`): the runtime's English descriptions of its error
 * codes (~1 KiB gzip on every page: the shell's runtime and each remote's entry). An error keeps
 * its code, its arguments, the original error and the link to the code's documentation, which
 * `getShortErrorMsg` adds; only the one-line description becomes this generic one, as React's
 * production builds do with their errors. Development builds keep the texts.
 */
const generic = (): Record<string, string> =>
  new Proxy({} as Record<string, string>, {
    get: (_map, code) => (typeof code === 'string' ? 'Module Federation error (see the code and the link)' : undefined),
  });

export const runtimeDescMap = generic();
export const typeDescMap = generic();
export const buildDescMap = generic();
export const errorDescMap = generic();
