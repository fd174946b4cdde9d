import { formatPhone, formatSiret } from '@popote/rules';
import type { CookPageData } from './graphql/cook.query';
import styles from './seller-info.module.css';

/** The cook page's texts about the seller (traders' traceability). */
export const frSeller = {
  verified: 'Vendeur vérifié',
  verifiedHint: 'Popote a vérifié l’identité et l’immatriculation de ce vendeur.',
  title: 'Informations vendeur',
  name: 'Vendeur',
  siret: 'SIRET',
  address: 'Adresse',
  phone: 'Téléphone',
  email: 'Email',
  commitment: 'Ce vendeur s’est engagé à ne proposer que des produits conformes aux règles du droit de l’Union européenne.',
} as const;

/** 'Vendeur vérifié', under the cook's name: an operator verified their trader details. */
export function VerifiedSellerBadge() {
  return (
    <p className={styles.badge} title={frSeller.verifiedHint}>
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.5">
        <path d="M5 12.5l4.5 4.5L19 7.5" />
      </svg>
      {frSeller.verified}
    </p>
  );
}

/**
 * « Informations vendeur »: what the law asks a marketplace to show of a verified seller — who sells,
 * where, how to reach them, their registration number and their commitment (EU Digital Services Act,
 * traceability of traders). Nothing for a cook who is not verified.
 */
export function SellerInfo({ seller }: { seller: NonNullable<CookPageData['seller']> }) {
  const phone = formatPhone(seller.phone);
  return (
    <section className={styles.seller} aria-labelledby="cook-seller">
      <h2 id="cook-seller" className={styles.title}>
        {frSeller.title}
      </h2>
      <dl className={styles.list}>
        <div className={styles.item}>
          <dt>{frSeller.name}</dt>
          <dd>{seller.legal_name}</dd>
        </div>
        <div className={styles.item}>
          <dt>{frSeller.siret}</dt>
          <dd>{formatSiret(seller.siret)}</dd>
        </div>
        <div className={styles.item}>
          <dt>{frSeller.address}</dt>
          <dd>{`${seller.address.street}, ${seller.address.postcode} ${seller.address.city}`}</dd>
        </div>
        <div className={styles.item}>
          <dt>{frSeller.phone}</dt>
          <dd>
            <a href={`tel:${seller.phone}`}>{phone}</a>
          </dd>
        </div>
        <div className={styles.item}>
          <dt>{frSeller.email}</dt>
          <dd>
            <a href={`mailto:${seller.email}`}>{seller.email}</a>
          </dd>
        </div>
      </dl>
      <p className={styles.muted}>{frSeller.commitment}</p>
    </section>
  );
}
