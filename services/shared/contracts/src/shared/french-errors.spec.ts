import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from '../index';

/*
 * Walks every zod schema the contracts export (RPC requests and responses, events, inputs...),
 * feeds each part of it values that break its rules (wrong type, missing, too long, too short,
 * too many, out of range, not a choice, bad format) and checks that every message zod gives back
 * is French. Messages written in the schemas (refinements...) are checked too.
 */

type Schema = z.core.$ZodType;
type Def = Record<string, any> & { type: string; checks?: { _zod: { def: Record<string, any> } }[] };

const ENGLISH =
  /\b(too (big|small)|invalid|expected|received|required|must|should|unrecognized|characters?|items?|input|string|number|option|greater|less)\b/i;
const FRENCH =
  /[àâçéèêëîïôûùüœ]|\b(le|la|les|un|une|des|de|du|ce|cette|au|aux|est|pas|ne|veuillez|vous|votre|invalide|obligatoire|doit)\b/i;
const isFrench = (message: string) => !ENGLISH.test(message) && FRENCH.test(message);

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && '_zod' in value;
const defOf = (schema: Schema) => schema._zod.def as unknown as Def;

/** Every schema reachable from the package's exports (contract objects included). */
function exportedSchemas(): Map<string, Schema> {
  const found = new Map<string, Schema>();
  const visit = (name: string, value: unknown, depth: number) => {
    if (isSchema(value)) {
      found.set(name, value);
      return;
    }
    if (depth > 3 || typeof value !== 'object' || value === null || Array.isArray(value)) return;
    for (const [key, child] of Object.entries(value)) visit(`${name}.${key}`, child, depth + 1);
  };
  for (const [name, value] of Object.entries(contracts)) visit(name, value, 0);
  return found;
}

/** The schemas a schema is made of (and itself), each once. */
function parts(root: Schema): Schema[] {
  const seen = new Set<Schema>();
  const walk = (schema: Schema) => {
    if (seen.has(schema)) return;
    seen.add(schema);
    const def = defOf(schema);
    const children: unknown[] = [
      def.innerType,
      def.in,
      def.out,
      def.element,
      def.keyType,
      def.valueType,
      def.left,
      def.right,
      def.catchall,
      ...(def.shape ? Object.values(def.shape) : []),
      ...(def.options ?? []),
      ...(def.items ?? []),
      def.type === 'lazy' ? def.getter() : undefined,
    ];
    for (const child of children) if (isSchema(child)) walk(child);
  };
  walk(root);
  return [...seen];
}

const checksOf = (schema: Schema) => [defOf(schema), ...(defOf(schema).checks ?? []).map((c) => c._zod.def)];

/** A value the schema accepts, when one is easy to make (used to fill lists to their limit). */
function sample(schema: Schema): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'string': {
      if (checksOf(schema).some((c) => c.format === 'datetime')) return new Date().toISOString();
      if (checksOf(schema).some((c) => c.format === 'email')) return 'a@popote.test';
      const min = Math.max(1, ...checksOf(schema).map((c) => (c.check === 'min_length' ? c.minimum : 0)));
      return 'a'.repeat(min);
    }
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries)[0];
    case 'literal':
      return def.values[0];
    case 'object':
      return Object.fromEntries(Object.entries(def.shape as Record<string, Schema>).map(([k, v]) => [k, sample(v)]));
    case 'array':
      return [];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
      return sample(def.innerType);
    case 'pipe':
      return sample(def.in);
    default:
      return undefined;
  }
}

/** Values that break the rules of this very schema (its type and each of its checks). */
function violations(schema: Schema): unknown[] {
  const def = defOf(schema);
  const values: unknown[] = [undefined, Symbol('wrong type')];
  for (const check of checksOf(schema)) {
    switch (check.check) {
      case 'min_length':
        if (check.minimum > 0)
          values.push(def.type === 'array' ? Array(check.minimum - 1).fill(sample(def.element)) : 'a'.repeat(check.minimum - 1));
        break;
      case 'max_length':
        values.push(def.type === 'array' ? Array(check.maximum + 1).fill(sample(def.element)) : 'a'.repeat(check.maximum + 1));
        break;
      case 'length_equals':
        values.push('a'.repeat(check.length + 1));
        break;
      case 'string_format':
        values.push('%% pas au format %%');
        break;
      case 'greater_than':
        values.push(check.inclusive ? Number(check.value) - 1 : Number(check.value));
        break;
      case 'less_than':
        values.push(check.inclusive ? Number(check.value) + 1 : Number(check.value));
        break;
      case 'number_format':
        values.push(1.5);
        break;
      case 'multiple_of':
        values.push(Number(check.value) * 1.5 + 0.1);
        break;
    }
  }
  if (def.type === 'number') values.push('12', Number.NaN);
  if (def.type === 'enum' || def.type === 'literal') values.push('pas-un-choix');
  if (def.type === 'object') values.push({}, { ...(sample(schema) as object), champ_inconnu: 1 });
  if (def.type === 'array') values.push(['x', 1, null]);
  return values;
}

/** The messages written into the schema itself (`.min(1, '…')`, `.refine(…, { message })`). */
function ownMessages(schema: Schema): string[] {
  const messages: string[] = [];
  for (const def of checksOf(schema)) {
    if (typeof def.error !== 'function') continue;
    const out = def.error({ code: 'custom', input: undefined, path: [] });
    const text = typeof out === 'string' ? out : out?.message;
    if (typeof text === 'string') messages.push(text);
  }
  return messages;
}

describe('French validation messages of every contract schema', () => {
  const schemas = exportedSchemas();

  it('finds the schemas (RPC requests and responses, events, inputs)', () => {
    for (const name of [
      'OrderingRpc.cancelOrder.request',
      'OrderingRpc.submitReview.request',
      'IdentityRpc.updateProfile.request',
      'IdentityRpc.updateCookProfile.request',
      'IdentityRpc.signUp.request',
      'CatalogueRpc.createMeal.request',
      'CartRpc.addItem.request',
      'PaymentsRpc.confirmSandboxPayment.request',
      'NotificationsRpc.sendContact.request',
      'OrderingEvents.orderPlaced.schema',
      'envelopeSchema',
    ]) {
      expect(schemas.has(name), name).toBe(true);
    }
    expect(schemas.size).toBeGreaterThan(80);
  });

  it('answers every broken rule of every schema in French', () => {
    const notFrench = new Set<string>();
    let checked = 0;
    for (const [name, root] of schemas) {
      for (const part of parts(root)) {
        for (const value of violations(part)) {
          const result = z.safeParse(part, value);
          for (const issue of result.error?.issues ?? []) {
            checked++;
            if (!isFrench(issue.message)) notFrench.add(`${name} (${issue.code}): ${issue.message}`);
          }
        }
        for (const message of ownMessages(part)) {
          checked++;
          if (!isFrench(message)) notFrench.add(`${name} (own message): ${message}`);
        }
      }
    }
    expect([...notFrench]).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
  });

  it('says which limit a person went over, in words they understand', () => {
    const fields = (contract: { request: z.ZodType }, value: unknown) => {
      const out: Record<string, string> = {};
      for (const issue of contract.request.safeParse(value).error?.issues ?? []) {
        const key = [...issue.path].reverse().find((seg) => typeof seg === 'string');
        out[String(key)] ??= issue.message;
      }
      return out;
    };
    const actor = { user_id: 'u', user_type: 'cook' };
    expect(fields(contracts.OrderingRpc.cancelOrder, { actor, order_id: 'o', reason: 'x'.repeat(301) })).toEqual({
      reason: 'Le motif ne doit pas dépasser 300 caractères',
    });
    expect(fields(contracts.OrderingRpc.submitReview, { actor, order_id: 'o', rating: 5, comment: 'x'.repeat(1001) })).toEqual({
      comment: 'Le commentaire ne doit pas dépasser 1000 caractères',
    });
    const long = (n: number) => 'x'.repeat(n + 1);
    expect(
      fields(contracts.IdentityRpc.updateProfile, {
        actor,
        profile: { name: long(200), username: 'chef_lea', location: long(200), bio: long(1000), avatar_url: long(500) },
      }),
    ).toEqual({
      name: 'Ce champ ne doit pas dépasser 200 caractères',
      location: 'Ce champ ne doit pas dépasser 200 caractères',
      bio: 'Ce champ ne doit pas dépasser 1000 caractères',
      avatar_url: 'Ce champ ne doit pas dépasser 500 caractères',
    });
    expect(
      fields(contracts.IdentityRpc.updateCookProfile, {
        actor,
        profile: { bio: long(1000), specialties: ['Tajines', long(80)], awards: Array(31).fill('Prix'), experience_years: 81 },
      }),
    ).toEqual({
      bio: 'Ce champ ne doit pas dépasser 1000 caractères',
      specialties: 'Chaque élément ne doit pas dépasser 80 caractères',
      awards: 'Vous pouvez indiquer au plus 30 éléments',
      experience_years: 'La valeur doit être inférieure ou égale à 80',
    });
    expect(fields(contracts.CartRpc.addItem, { actor, meal_id: 'm', quantity: 1.5 })).toEqual({
      quantity: 'Veuillez saisir un nombre entier',
    });
    expect(fields(contracts.CatalogueRpc.listMeals, { first: 51 })).toEqual({ first: 'La valeur doit être inférieure ou égale à 50' });
    expect(fields(contracts.CatalogueRpc.listMeals, { filter: { category: 'pizza' } })).toEqual({ category: 'Choix invalide' });
    expect(fields(contracts.OrderingRpc.cancelOrder, { actor })).toEqual({ order_id: 'Ce champ est obligatoire' });
  });

  it('words the French defaults for singular and plural, inclusive and exclusive limits', () => {
    const message = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;
    expect(message(z.string().max(1), 'ab')).toBe('Ce champ ne doit pas dépasser 1 caractère');
    expect(message(z.string().min(3), 'ab')).toBe('Ce champ doit contenir au moins 3 caractères');
    expect(message(z.string().min(1), '')).toBe('Ce champ est obligatoire');
    expect(message(z.array(z.string()).min(1), [])).toBe('Veuillez indiquer au moins un élément');
    expect(message(z.number().positive(), 0)).toBe('La valeur doit être supérieure à 0');
    expect(message(z.number().min(0), -1)).toBe('La valeur doit être supérieure ou égale à 0');
    expect(message(z.email(), 'pas-une-adresse')).toBe('Adresse email invalide');
    expect(message(z.iso.datetime(), 'demain')).toBe('Date invalide');
    expect(message(z.object({ a: z.string() }).strict(), { a: 'x', b: 1 })).toBe('Champ non reconnu : b');
  });
});
