import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SellerInfo, VerifiedSellerBadge } from './seller-info';

const SELLER = {
  __typename: 'Seller' as const,
  legal_name: 'Amina Benali',
  siret: '84912375700015',
  address: { __typename: 'TraderAddress' as const, street: '12 rue de Marseille', postcode: '69007', city: 'Lyon' },
  phone: '0472000101',
  email: 'amina@popote.test',
};

describe("a verified seller on the cook's page", () => {
  it('shows the badge', () => {
    expect(renderToStaticMarkup(<VerifiedSellerBadge />)).toContain('Vendeur vérifié');
  });

  it('shows who sells, where, how to reach them, their SIRET and their commitment', () => {
    const html = renderToStaticMarkup(<SellerInfo seller={SELLER} />);
    expect(html).toContain('<h2 id="cook-seller"');
    expect(html).toContain('Informations vendeur');
    for (const text of [
      '<dt>Vendeur</dt><dd>Amina Benali</dd>',
      '<dt>SIRET</dt><dd>849 123 757 00015</dd>',
      '<dt>Adresse</dt><dd>12 rue de Marseille, 69007 Lyon</dd>',
      '<a href="tel:0472000101">04 72 00 01 01</a>',
      '<a href="mailto:amina@popote.test">amina@popote.test</a>',
      'conformes aux règles du droit de l’Union européenne',
    ])
      expect(html).toContain(text);
  });
});
