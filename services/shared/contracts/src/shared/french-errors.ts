import { z } from 'zod';

/**
 * zod's default messages are English ("Too big: expected string to have <=300 characters"), and
 * they reach people as field messages whenever the browser did not check a limit first. Every
 * process that loads the contracts (services, BFF) therefore gets French defaults, phrased as the
 * product speaks; a schema's own message (IDENTITY_MESSAGES...) still wins over these.
 */
export const VALIDATION_MESSAGES = {
  required: 'Ce champ est obligatoire',
  invalid: 'Valeur invalide',
  choice: 'Choix invalide',
  number: 'Veuillez saisir un nombre',
  integer: 'Veuillez saisir un nombre entier',
  text: 'Veuillez saisir un texte',
  list: 'Veuillez saisir une liste',
  email: 'Adresse email invalide',
  url: 'Adresse web invalide',
  date: 'Date invalide',
  format: 'Format invalide',
  textMax: (max: number) => `Ce champ ne doit pas dépasser ${max} caractère${max > 1 ? 's' : ''}`,
  textMin: (min: number) => `Ce champ doit contenir au moins ${min} caractère${min > 1 ? 's' : ''}`,
  listMax: (max: number) => `Vous pouvez indiquer au plus ${max} élément${max > 1 ? 's' : ''}`,
  listMin: (min: number) => (min === 1 ? 'Veuillez indiquer au moins un élément' : `Veuillez indiquer au moins ${min} éléments`),
  numberMax: (max: string, inclusive: boolean) => `La valeur doit être inférieure ${inclusive ? 'ou égale ' : ''}à ${max}`,
  numberMin: (min: string, inclusive: boolean) => `La valeur doit être supérieure ${inclusive ? 'ou égale ' : ''}à ${min}`,
  multipleOf: (divisor: string) => `La valeur doit être un multiple de ${divisor}`,
  unknownFields: (keys: string[]) => `${keys.length > 1 ? 'Champs non reconnus' : 'Champ non reconnu'} : ${keys.join(', ')}`,
} as const;

const M = VALIDATION_MESSAGES;
const DATE_FORMATS = new Set(['datetime', 'date', 'time', 'duration']);

/** The French text of one zod issue (zod's `localeError` signature). */
export function frenchIssueMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return M.required;
      if (issue.expected === 'int') return M.integer;
      if (issue.expected === 'number') return M.number;
      if (issue.expected === 'string') return M.text;
      if (issue.expected === 'array') return M.list;
      return M.invalid;
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return M.textMax(issue.inclusive ? max : max - 1);
      if (issue.origin === 'array' || issue.origin === 'set') return M.listMax(issue.inclusive ? max : max - 1);
      return M.numberMax(String(issue.maximum), issue.inclusive ?? true);
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') {
        const least = issue.inclusive ? min : min + 1;
        return least <= 1 ? M.required : M.textMin(least);
      }
      if (issue.origin === 'array' || issue.origin === 'set') return M.listMin(issue.inclusive ? Math.max(1, min) : min + 1);
      return M.numberMin(String(issue.minimum), issue.inclusive ?? true);
    }
    case 'invalid_format':
      if (issue.format === 'email') return M.email;
      if (issue.format === 'url') return M.url;
      if (DATE_FORMATS.has(issue.format)) return M.date;
      return M.format;
    case 'invalid_value':
      return M.choice;
    case 'not_multiple_of':
      return M.multipleOf(String(issue.divisor));
    case 'unrecognized_keys':
      return M.unknownFields(issue.keys);
    default:
      // invalid_union, invalid_key, invalid_element, custom without a message...
      return M.invalid;
  }
}

z.config({ localeError: frenchIssueMessage });
