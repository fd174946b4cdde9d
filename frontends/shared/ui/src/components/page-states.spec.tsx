import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NotFound, QueryState } from './page-states';

describe('NotFound', () => {
  it('is a whole page with the generic 404 texts by default, and the given links', () => {
    const html = renderToStaticMarkup(<NotFound actions={<a href="/">Retour</a>} />);
    expect(html).toContain('class="pp-page"');
    expect(html).toContain('<h1');
    expect(html).toContain('<a href="/">Retour</a>');
  });

  it('takes its own title and message', () => {
    const html = renderToStaticMarkup(<NotFound title="Plat introuvable" message="Il n'existe plus." actions={null} />);
    expect(html).toContain('<title>Plat introuvable · Popote</title>');
    expect(html).toContain('Il n&#x27;existe plus.');
  });
});

describe('QueryState', () => {
  it('shows the spinner while there is no error', () => {
    const html = renderToStaticMarkup(
      <QueryState error={undefined} errorMessage="Échec" onRetry={() => undefined} loadingLabel="Chargement du plat" />,
    );
    expect(html).toContain('Chargement du plat');
    expect(html).not.toContain('role="alert"');
    expect(html).not.toContain('pp-page');
  });

  it('shows the error with Réessayer, wrapped as a page when asked', () => {
    const html = renderToStaticMarkup(
      <QueryState page error={new Error('x')} errorMessage="Échec" onRetry={() => undefined} loadingLabel="Chargement" />,
    );
    expect(html).toContain('class="pp-page"');
    expect(html).toContain('role="alert"');
    expect(html).toContain('Échec');
    expect(html).toContain('Réessayer');
  });
});
