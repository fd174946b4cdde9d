import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from '@popote/router';
import { Amounts } from './amounts';
import { ItemPage } from './item-page';

const texts = {
  notFoundTitle: 'Plat introuvable',
  notFoundBody: "Ce plat n'existe plus.",
  loadError: 'Erreur de chargement',
  loading: 'Chargement du plat...',
};
const render = (element: React.ReactElement) => renderToStaticMarkup(element).replace(/[\u00a0\u202f]/g, ' ');

describe('ItemPage', () => {
  it('shows the item once the server sent it', () => {
    const html = render(
      <ItemPage item={{ name: 'Tajine' }} error={undefined} refetch={() => undefined} texts={texts}>
        {(meal) => <h1>{meal.name}</h1>}
      </ItemPage>,
    );
    expect(html).toBe('<h1>Tajine</h1>');
  });

  it('is a not-found page with a way to the meals when the server says there is none', () => {
    const html = render(
      <Router ssrPath="/meals/42">
        <ItemPage item={null} error={undefined} refetch={() => undefined} texts={texts}>
          {() => <h1>jamais</h1>}
        </ItemPage>
      </Router>,
    );
    expect(html).toContain('<title>Plat introuvable · Popote</title>');
    expect(html).toContain('Ce plat n&#x27;existe plus.');
    expect(html).toMatch(/<a href="\/meals"[^>]*>Voir tous les plats<\/a>/);
    expect(html).not.toContain('jamais');
  });

  it('shows the spinner, then the load error with Réessayer', () => {
    const loading = render(
      <ItemPage item={undefined} error={undefined} refetch={() => undefined} texts={texts}>
        {() => null}
      </ItemPage>,
    );
    expect(loading).toContain('Chargement du plat...');
    const failed = render(
      <ItemPage item={undefined} error={new Error('down')} refetch={() => undefined} texts={texts}>
        {() => null}
      </ItemPage>,
    );
    expect(failed).toContain('Erreur de chargement');
    expect(failed).toContain('Réessayer');
  });
});

describe('Amounts', () => {
  it('gives each line its label and price, in order', () => {
    const html = render(
      <Amounts
        ruled
        lines={[
          { label: 'Sous-total', cents: 2500 },
          { label: 'Retrait', cents: 0, tone: 'muted' },
          { label: 'Total', cents: 2500, tone: 'total' },
        ]}
      />,
    );
    expect(html.match(/<dt>[^<]*<\/dt><dd>[^<]*<\/dd>/g)).toEqual([
      '<dt>Sous-total</dt><dd>25,00 €</dd>',
      '<dt>Retrait</dt><dd>0,00 €</dd>',
      '<dt>Total</dt><dd>25,00 €</dd>',
    ]);
  });
});
