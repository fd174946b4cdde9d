import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FieldMessages, SelectField, TextField } from './field';

describe('SelectField', () => {
  it('lists its options after the ones given as children, disabled ones included', () => {
    const html = renderToStaticMarkup(
      <SelectField
        label="Commune"
        id="commune"
        defaultValue=""
        options={[
          { value: '69383', label: 'Lyon 3e Arrondissement' },
          { value: 12, label: 'Sans position', disabled: true },
        ]}
      >
        <option value="">Choisir une commune</option>
      </SelectField>,
    );
    expect(html).toContain('<label for="commune"');
    expect(html).toMatch(
      /<select id="commune"[^>]*><option value="" selected="">Choisir une commune<\/option><option value="69383">Lyon 3e Arrondissement<\/option><option value="12" disabled="">Sans position<\/option><\/select>/,
    );
  });
});

describe('TextField', () => {
  it('keeps a hidden label for screen readers, still tied to its input', () => {
    const html = renderToStaticMarkup(<TextField label="Rechercher un ingrédient" hideLabel id="search" type="search" />);
    expect(html).toContain('<label for="search" class="pp-visually-hidden">Rechercher un ingrédient</label>');
    expect(html).toContain('<input id="search"');
  });

  it('wires its hint and error to the input', () => {
    const html = renderToStaticMarkup(<TextField label="Prix" id="price" hint="En euros" error="Veuillez indiquer un prix" />);
    expect(html).toContain('aria-invalid="true" aria-describedby="price-hint price-error"');
    expect(html).toContain('id="price-hint"');
    expect(html).toContain('id="price-error"');
  });
});

describe('FieldMessages', () => {
  it('announces the error at once only when asked', () => {
    expect(renderToStaticMarkup(<FieldMessages id="photo" error="Image trop lourde" alert />)).toContain('role="alert"');
    expect(renderToStaticMarkup(<FieldMessages id="photo" error="Image trop lourde" />)).not.toContain('role="alert"');
    expect(renderToStaticMarkup(<FieldMessages id="photo" />)).toBe('');
  });
});
