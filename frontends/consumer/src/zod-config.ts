import { z } from 'zod';

// Zod builds its object parsers with `new Function` when it may, and probes for it as schemas are
// built: under the pages' strict CSP (no 'unsafe-eval') that probe is a violation. Plain parsing,
// set before any module builds a schema: every schema module imports this file first, so zod
// loads with the first form rather than with the page (the remotes' copies read the same global setting).
z.config({ jitless: true });
