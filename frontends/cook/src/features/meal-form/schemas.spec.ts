import { describe, expect, it } from 'vitest';
import {
  createMealSchema,
  editMealSchema,
  eurosToCents,
  formFieldOf,
  toCreateMealInput,
  toUpdateMealInput,
  type CreateMealValues,
} from './schemas';

const valid: CreateMealValues = {
  image_key: 'meals/1_tajine.jpg',
  name: '  Tajine  ',
  description: 'Mijoté trois heures.',
  price: 12.5,
  portions_available: 6,
  ingredients: ['Poulet', 'Citron'],
  category: 'mediterranean',
  preparation_time: 180,
  available_date: '2026-11-25T12:00',
  allergens: [],
  cooking_details: '',
  serving_suggestions: '',
  dietary_info: '',
  storage_instructions: '',
};

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('create meal form', () => {
  it('turns a valid form into the BFF input (cents, ISO date, trimmed text)', () => {
    const parsed = createMealSchema.parse(valid);
    const input = toCreateMealInput(parsed);
    expect(input.name).toBe('Tajine');
    expect(input.price_cents).toBe(1250);
    expect(input.available_date).toBe(new Date('2026-11-25T12:00').toISOString());
    expect(input.image_key).toBe('meals/1_tajine.jpg');
  });

  it('asks for at least one ingredient, a category, a date, in French', () => {
    const result = createMealSchema.safeParse({ ...valid, ingredients: [], category: '', available_date: '' });
    expect(messages(result)).toMatchObject({
      ingredients: 'Veuillez sélectionner au moins un ingrédient',
      category: 'Veuillez choisir une catégorie',
      available_date: 'Veuillez indiquer la date de disponibilité',
    });
  });

  it('refuses more than 40 ingredients and unknown ones', () => {
    const many = Array.from({ length: 41 }, () => 'Ail');
    expect(messages(createMealSchema.safeParse({ ...valid, ingredients: many }))['ingredients']).toBe(
      'Vous pouvez sélectionner au plus 40 ingrédients',
    );
    expect(createMealSchema.safeParse({ ...valid, ingredients: ['Licorne'] }).success).toBe(false);
  });

  it('checks numbers: price ≥ 0 to the cent, portions ≥ 1, preparation ≥ 1, empty means required', () => {
    expect(messages(createMealSchema.safeParse({ ...valid, price: -1 }))['price']).toBe('Le prix doit être positif ou nul');
    expect(messages(createMealSchema.safeParse({ ...valid, price: 1.234 }))['price']).toBe('Le prix se saisit au centime près');
    expect(messages(createMealSchema.safeParse({ ...valid, price: Number.NaN }))['price']).toBe('Veuillez indiquer un prix');
    expect(messages(createMealSchema.safeParse({ ...valid, portions_available: 0 }))['portions_available']).toBe('Au moins une portion');
    expect(messages(createMealSchema.safeParse({ ...valid, preparation_time: 0 }))['preparation_time']).toBe('Au moins une minute');
  });
});

describe('edit meal form', () => {
  it('accepts 0 portions (sold out) but not fewer', () => {
    const base = { image_key: null, name: 'Tajine', description: 'Bon.', price: 0, portions_available: 0 };
    expect(editMealSchema.safeParse(base).success).toBe(true);
    expect(messages(editMealSchema.safeParse({ ...base, portions_available: -1 }))['portions_available']).toBe(
      'Le nombre de portions ne peut pas être négatif',
    );
  });

  it('sends the picture only when a new one was uploaded', () => {
    const parsed = editMealSchema.parse({ image_key: null, name: 'Tajine', description: 'Bon.', price: 9.99, portions_available: 3 });
    expect(toUpdateMealInput(parsed, 5)).toEqual({
      name: 'Tajine',
      description: 'Bon.',
      price_cents: 999,
      portions_available: 3,
      portions_seen: 5,
    });
    expect(toUpdateMealInput({ ...parsed, image_key: 'meals/2_a.jpg' }, 5).image_key).toBe('meals/2_a.jpg');
  });
});

describe('helpers', () => {
  it('rounds euros to whole cents', () => {
    expect(eurosToCents(12.5)).toBe(1250);
    expect(eurosToCents(0.1 + 0.2)).toBe(30);
    expect(eurosToCents(19.99)).toBe(1999);
  });

  it("maps the BFF's field names onto the form's", () => {
    expect(formFieldOf('price_cents')).toBe('price');
    expect(formFieldOf('ingredients.3')).toBe('ingredients');
    expect(formFieldOf('name')).toBe('name');
  });
});
