/** The global through which the page's runtime hands remotes their bundler runtime (./bundler-runtime.ts). */
export const BUNDLER_RUNTIME_GLOBAL = '_POPOTE_MF_BUNDLER_RUNTIME';
