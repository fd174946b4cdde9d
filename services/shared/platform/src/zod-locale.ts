/**
 * Zod's messages in French, as every message that may reach a person: one source for them, the
 * contracts' `french-errors.ts` (phrased as the product speaks: "Ce champ est obligatoire"), set
 * when the contracts load. Nothing else configures zod's locale (a second setting would replace
 * it depending on which module happens to load last).
 */
import '@popote/contracts';
