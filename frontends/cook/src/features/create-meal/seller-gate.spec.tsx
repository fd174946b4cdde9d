// @vitest-environment jsdom
import { useReactTestRoot } from '@popote/ui/testing';
import { describe, expect, it } from 'vitest';
import { mountWithBff, until } from '../dashboard/dashboard-testing';
import { SellerGate } from './seller-gate';

const dom = useReactTestRoot();

const file = (status: string, message: string | null = null) => ({
  myTraderDetails: {
    __typename: 'TraderFile',
    cook_id: 'c1',
    status,
    revision: status === 'missing' ? 0 : 1,
    submitted_at: null,
    verified_at: null,
    message,
    details: null,
  },
});

describe("'Ajouter un plat' before the cook is a verified seller", () => {
  it('says what to do instead, and leads to the Vendeur tab', async () => {
    for (const [status, message, text] of [
      ['missing', null, 'renseignez vos informations de vendeur dans l’onglet « Vendeur »'],
      ['submitted', null, 'Notre équipe vérifie vos informations de vendeur'],
      [
        'more_info_requested',
        'Le récépissé est illisible.',
        'besoin de compléments sur vos informations de vendeur avant que vous puissiez mettre un plat en vente. « Le récépissé est illisible. »',
      ],
    ] as const) {
      await mountWithBff(dom, <SellerGate key={status}>LE FORMULAIRE</SellerGate>, () => file(status, message));
      await until(() => dom.container.querySelector('a'), status);
      expect(dom.container.querySelector('h1')?.textContent).toBe('Ajouter un plat');
      expect(dom.container.textContent).toContain(text);
      expect(dom.container.textContent).not.toContain('LE FORMULAIRE');
      const link = dom.container.querySelector('a')!;
      expect(link.textContent).toBe('Ouvrir l’onglet « Vendeur »');
      expect(link.getAttribute('href')).toBe('/cook/dashboard?onglet=vendeur');
    }
  });

  it('gives a verified seller the form', async () => {
    await mountWithBff(dom, <SellerGate>LE FORMULAIRE</SellerGate>, () => file('verified'));
    await until(() => (dom.container.textContent === 'LE FORMULAIRE' ? true : null), 'the form');
  });
});
