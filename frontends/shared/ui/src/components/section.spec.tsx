import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Section } from './section';

describe('Section', () => {
  it('is a section named by its own h2, the actions right after the heading', () => {
    const html = renderToStaticMarkup(
      <Section titleId="s1" title="Mes plats" actions={<button type="button">Ajouter</button>} classNames={{ section: 's', title: 't' }}>
        <p>Contenu</p>
      </Section>,
    );
    expect(html).toBe(
      '<section class="s" aria-labelledby="s1"><h2 id="s1" class="t">Mes plats</h2><button type="button">Ajouter</button><p>Contenu</p></section>',
    );
  });

  it('puts the heading and the actions in a header row when given its class, even without actions; h1 when asked', () => {
    const html = renderToStaticMarkup(
      <Section level={1} titleId="s2" title="Profil" classNames={{ header: 'h' }}>
        <p>Contenu</p>
      </Section>,
    );
    expect(html).toBe('<section aria-labelledby="s2"><div class="h"><h1 id="s2">Profil</h1></div><p>Contenu</p></section>');
  });

  it('names itself with a generated id when none is given', () => {
    const html = renderToStaticMarkup(<Section title="Avis">{null}</Section>);
    const id = /aria-labelledby="([^"]+)"/.exec(html)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`<h2 id="${id}">Avis</h2>`);
  });
});
