import { buttonClassName, fr } from '@popote/ui';
import { Link } from '@popote/router';
import { useStartCookingHref } from '../../auth/start-cooking';
import styles from './static-page.module.css';

/** /about: what Popote is, for whom, and how it works today (pick-up only, card payment). */
export function AboutPage() {
  const becomeCook = useStartCookingHref();
  return (
    <article className={`pp-page ${styles.page}`}>
      <title>{`À propos · ${fr.brand}`}</title>
      <h1 className={styles.title}>À propos de Popote</h1>
      <p className={styles.lead}>
        Popote met en relation les cuisiniers amateurs et leurs voisins : des plats faits maison, préparés en petite quantité dans votre
        quartier, que vous commandez en ligne et récupérez chez la personne qui les a cuisinés.
      </p>

      <section className={styles.section} aria-labelledby="about-idea">
        <h2 id="about-idea">Notre idée</h2>
        <p>
          Beaucoup de gens cuisinent bien et souvent trop pour eux seuls ; beaucoup d&apos;autres aimeraient manger un vrai plat maison sans
          avoir le temps de le préparer. Popote rapproche les deux : un couscous du dimanche, un curry, une tarte de saison, proposés par
          quelqu&apos;un qui habite à quelques rues.
        </p>
        <p>
          Chaque plat est présenté avec sa photo, ses ingrédients, ses allergènes, son prix, le nombre de portions disponibles et la date à
          laquelle il est prêt.
        </p>
      </section>

      <section className={styles.section} aria-labelledby="about-how">
        <h2 id="about-how">Comment ça marche</h2>
        <ul className={styles.cards}>
          <li className={styles.card}>
            <h3>1. Choisissez</h3>
            <p>Parcourez les plats des cuisiniers, filtrez par cuisine, prix, disponibilité ou allergènes.</p>
          </li>
          <li className={styles.card}>
            <h3>2. Payez par carte</h3>
            <p>Ajoutez des portions au panier et réglez en euros par carte bancaire, sans frais de service.</p>
          </li>
          <li className={styles.card}>
            <h3>3. Récupérez ou faites-vous livrer</h3>
            <p>
              Suivez votre commande dans « Mes commandes » : passez la chercher chez le cuisinier quand elle est prête, ou recevez-la chez
              vous quand le cuisinier livre.
            </p>
          </li>
        </ul>
        <p>
          Le retrait chez le cuisinier est gratuit. Certains cuisiniers livrent eux-mêmes près de chez eux : vous le voyez au paiement, avec
          leurs frais de livraison (5,00 € le plus souvent), qui leur reviennent entièrement.
        </p>
      </section>

      <section className={styles.section} aria-labelledby="about-cooks">
        <h2 id="about-cooks">Pour les cuisiniers</h2>
        <p>
          Vous aimez cuisiner ? Créez un compte cuisinier, publiez vos plats avec une photo, fixez votre prix et le nombre de portions, puis
          suivez les commandes depuis votre tableau de bord. Vous gardez la main sur ce que vous proposez et quand vous le proposez.
        </p>
        <p>
          Vous restez responsable de vos plats : hygiène, fraîcheur, conservation et exactitude des ingrédients et des allergènes indiqués.
        </p>
      </section>

      <section className={styles.section} aria-labelledby="about-values">
        <h2 id="about-values">Ce qui compte pour nous</h2>
        <ul>
          <li>
            <strong>Le fait maison</strong> : des plats cuisinés par des particuliers, en petites quantités.
          </li>
          <li>
            <strong>La transparence</strong> : ingrédients et allergènes affichés sur chaque plat.
          </li>
          <li>
            <strong>Vos données</strong> : nous n&apos;en gardons que le nécessaire et ne stockons jamais vos numéros de carte (voir la{' '}
            <Link to="/privacy">politique de confidentialité</Link>).
          </li>
        </ul>
      </section>

      <div className={styles.actions}>
        <Link to="/meals" className={buttonClassName({ variant: 'primary' })}>
          Découvrir les plats
        </Link>
        <Link to={becomeCook} className={buttonClassName({ variant: 'outline' })}>
          Devenir cuisinier
        </Link>
        <Link to="/contact" className={buttonClassName({ variant: 'secondary' })}>
          Nous contacter
        </Link>
      </div>
    </article>
  );
}
