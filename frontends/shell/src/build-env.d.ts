// Replaced at build time by rspack (`optimization.nodeEnv`): 'production' or 'development'.
declare const process: { readonly env: { readonly NODE_ENV?: string } };
