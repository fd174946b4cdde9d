import { fileURLToPath } from 'node:url';

/** A file of this package (the browser modules that builds bundle from here). */
export const besideThis = (file: string) => fileURLToPath(new URL(file, import.meta.url));
