import { fr } from '@popote/ui';
import { Link } from '@popote/router';
import { useContactEmail } from '../../config/contact-email';
import styles from './static-page.module.css';

const SECTIONS = [
  ['privacy-who', 'Qui est responsable de vos données'],
  ['privacy-data', 'Les données que nous conservons'],
  ['privacy-cookies', 'Cookies et stockage dans le navigateur'],
  ['privacy-purposes', 'Pourquoi nous les utilisons'],
  ['privacy-recipients', 'Qui y a accès'],
  ['privacy-retention', 'Combien de temps nous les gardons'],
  ['privacy-security', 'Sécurité'],
  ['privacy-rights', 'Vos droits'],
  ['privacy-changes', 'Modifications'],
] as const;

/** /privacy: what the product really stores (see the services and the BFF); rights and retention as built. */
export function PrivacyPage() {
  const contactEmail = useContactEmail();
  const writeUs = contactEmail ? (
    <>
      à <a href={`mailto:${contactEmail}`}>{contactEmail}</a> ou depuis la page <Link to="/contact">Contact</Link>
    </>
  ) : (
    <>
      depuis la page <Link to="/contact">Contact</Link>
    </>
  );

  return (
    <article className={`pp-page ${styles.page}`}>
      <title>{`Politique de confidentialité · ${fr.brand}`}</title>
      <h1 className={styles.title}>Politique de confidentialité</h1>
      <p className={styles.meta}>
        En vigueur au <time dateTime="2026-11-25">25 novembre 2026</time>
      </p>
      <p className={styles.lead}>
        Cette page explique quelles données Popote conserve quand vous commandez ou vendez des plats, pourquoi, pendant combien de temps, et
        comment exercer vos droits.
      </p>

      <nav className={styles.toc} aria-label="Sommaire">
        <p>Sommaire</p>
        <ol>
          {SECTIONS.map(([id, label]) => (
            <li key={id}>
              <a href={`#${id}`}>{label}</a>
            </li>
          ))}
        </ol>
      </nav>

      <section className={styles.section} aria-labelledby="privacy-who">
        <h2 id="privacy-who">1. Qui est responsable de vos données</h2>
        <p>
          Popote, la plateforme qui met en relation des cuisiniers amateurs et leurs voisins, est responsable des traitements décrits ici.
          Pour toute question, écrivez-nous {writeUs}.
        </p>
      </section>

      <section className={styles.section} aria-labelledby="privacy-data">
        <h2 id="privacy-data">2. Les données que nous conservons</h2>
        <h3>Votre compte</h3>
        <ul>
          <li>
            Adresse email, nom, pseudo, localisation, biographie, photo de profil (adresse de l&apos;image) et type de compte (client ou
            cuisinier) ; pour les cuisiniers, les informations du profil cuisinier (spécialités, années d&apos;expérience, disponibilités).
          </li>
          <li>
            Votre mot de passe n&apos;est jamais conservé tel quel : nous n&apos;en gardons qu&apos;une empreinte calculée avec
            l&apos;algorithme argon2id, qui ne permet pas de le retrouver.
          </li>
          <li>
            La date de confirmation de votre adresse email, et les liens à usage unique que nous vous envoyons (confirmation d&apos;adresse,
            nouveau mot de passe, changement d&apos;adresse) : nous n&apos;en gardons qu&apos;une empreinte, jusqu&apos;à leur expiration.
          </li>
        </ul>
        <h3>Panier, commandes et avis</h3>
        <ul>
          <li>Le contenu de votre panier (plats et nombre de portions).</li>
          <li>
            Vos commandes : plats, quantités, prix, montant total, mode de retrait, statut et dates, ainsi que le client et le cuisinier
            concernés.
          </li>
          <li>
            Pour une livraison : l&apos;adresse, son complément, votre téléphone et vos instructions. Le cuisinier ne les voit qu&apos;une
            fois la commande confirmée, jusqu&apos;à la livraison ; ils ne figurent dans aucun email ni aucune notification. La dernière
            adresse de livraison est gardée dans votre profil pour la commande suivante.
          </li>
          <li>
            Les codes promo que vous avez utilisés (quelle promotion, sur quelle commande, la réduction) ; pour un cuisinier, ses
            promotions et leurs chiffres. Ils figurent dans l&apos;export de vos données.
          </li>
          <li>Les avis que vous laissez sur un plat (note et commentaire).</li>
        </ul>
        <h3>Photos des plats</h3>
        <p>
          Les photos envoyées par les cuisiniers sont réencodées à la réception et leurs métadonnées (appareil, date, position GPS…) sont
          supprimées avant d&apos;être enregistrées et publiées avec le plat.
        </p>
        <h3>Messages de contact</h3>
        <p>
          Quand vous utilisez le formulaire de contact, nous conservons votre nom, votre email, le sujet et le message, et nous les
          transmettons par email à notre équipe pour vous répondre.
        </p>
        <h3>Signalements et décisions de modération</h3>
        <p>
          Quand vous signalez un plat, un avis ou un cuisinier, nous conservons le contenu signalé tel qu&apos;il était, le motif, votre
          explication et, si vous n&apos;êtes pas connecté, l&apos;adresse email indiquée pour vous tenir informé. La personne concernée
          reçoit les motifs de la décision, jamais votre identité. Les décisions, leurs motifs et les recours sont conservés comme preuve et
          pour notre rapport de transparence annuel (règlement européen sur les services numériques).
        </p>
        <h3>Informations vendeur des cuisiniers</h3>
        <p>
          Avant de vendre, un cuisinier nous donne sa raison sociale, son SIRET, son adresse, son téléphone, le récépissé de sa déclaration
          à la DDPP et son attestation de formation à l&apos;hygiène. Les documents restent privés (le cuisinier et notre équipe) ; le nom,
          l&apos;adresse, le téléphone, l&apos;email et le SIRET d&apos;un vendeur vérifié sont affichés sur sa page, comme la loi le
          demande.
        </p>
        <h3>Paiement</h3>
        <p>
          Le paiement par carte est traité par notre prestataire de paiement. Vos numéros de carte sont saisis chez lui : Popote ne les
          reçoit pas et ne les stocke jamais. Nous conservons la référence du paiement, son montant et son résultat.
        </p>
        <h3>Emails envoyés</h3>
        <p>
          Nous vous envoyons des emails liés au service (confirmation de commande, commande reçue pour les cuisiniers, réponse à un
          message). Nous gardons une trace de ces envois : destinataire, sujet, contenu, date et état de l&apos;envoi.
        </p>
        <h3>Plats sponsorisés</h3>
        <p>
          Un plat marqué « Sponsorisé » est mis en avant contre paiement par le cuisinier qui l&apos;a préparé ; c&apos;est le même pour
          tout le monde, il n&apos;est pas choisi d&apos;après ce que vous avez vu ou commandé. Pour facturer ce cuisinier, nous comptons
          une fois par jour de campagne et par personne l&apos;affichage du plat (au moins la moitié de la carte à l&apos;écran pendant une
          seconde) et le clic qui l&apos;ouvre. Nous enregistrons pour cela une empreinte calculée à partir de l&apos;identifiant de votre
          compte ou, si vous n&apos;êtes pas connecté, de votre adresse IP (en IPv6, de son réseau), avec une valeur aléatoire propre à
          chaque jour de campagne et effacée à la fin de ce jour : l&apos;empreinte ne permet alors plus de vous reconnaître. Si vous êtes
          connecté et ouvrez un plat sponsorisé, nous gardons aussi votre identifiant 7 jours, pour compter une commande de ce plat passée
          dans ce délai. Rien n&apos;est déposé dans votre navigateur pour cela.
        </p>
        <h3>Journaux et traces techniques</h3>
        <p>
          Nos serveurs enregistrent des journaux et des traces de fonctionnement : date, opération demandée, résultat, durée, identifiant de
          votre compte le cas échéant et adresse IP (utilisée aussi pour limiter les tentatives de connexion). Ils servent à faire
          fonctionner le service, à corriger les erreurs et à le protéger contre les abus.
        </p>
      </section>

      <section className={styles.section} aria-labelledby="privacy-cookies">
        <h2 id="privacy-cookies">3. Cookies et stockage dans le navigateur</h2>
        <p>
          Popote n&apos;utilise ni cookie publicitaire ni outil de mesure d&apos;audience (le comptage des plats sponsorisés ne dépose rien
          dans votre navigateur). Seuls sont déposés :
        </p>
        <ul>
          <li>
            deux cookies de session, strictement nécessaires, inaccessibles aux scripts de la page (httpOnly) : l&apos;un valable 15
            minutes, renouvelé automatiquement, l&apos;autre 30 jours pour vous garder connecté ; ils sont effacés à la déconnexion ;
          </li>
          <li>
            les fichiers de l&apos;application, gardés par votre navigateur pour qu&apos;elle s&apos;ouvre plus vite et reste utilisable
            hors ligne (aucune donnée personnelle) ;
          </li>
          <li>le choix « Plus tard » de la bannière d&apos;installation, oublié à la fermeture de l&apos;onglet.</li>
        </ul>
        <p>Ces éléments étant indispensables au service, ils ne demandent pas votre consentement.</p>
      </section>

      <section className={styles.section} aria-labelledby="privacy-purposes">
        <h2 id="privacy-purposes">4. Pourquoi nous les utilisons</h2>
        <ul>
          <li>
            <strong>Fournir le service</strong> (exécution du contrat) : gérer votre compte, votre panier, vos commandes, le paiement, la
            publication des plats et les emails qui les accompagnent.
          </li>
          <li>
            <strong>Répondre à vos messages</strong> envoyés depuis la page Contact.
          </li>
          <li>
            <strong>Sécuriser et faire fonctionner la plateforme</strong> (intérêt légitime) : journaux, traces, limitation des tentatives
            de connexion.
          </li>
          <li>
            <strong>Facturer les mises en avant</strong> (exécution du contrat avec le cuisinier qui les paie) : compter les affichages, les
            clics et les commandes des plats sponsorisés.
          </li>
          <li>
            <strong>Respecter nos obligations légales</strong>, notamment comptables pour les commandes.
          </li>
        </ul>
        <p>
          Nous ne vendons pas vos données et ne faisons pas de publicité ciblée : un plat sponsorisé est choisi sans rien savoir de vous.
        </p>
      </section>

      <section className={styles.section} aria-labelledby="privacy-recipients">
        <h2 id="privacy-recipients">5. Qui y a accès</h2>
        <ul>
          <li>Le cuisinier d&apos;une commande voit votre nom et le détail de la commande, pour la préparer et vous la remettre.</li>
          <li>
            Les autres utilisateurs voient ce qui est public : les plats, le profil public des cuisiniers (nom, pseudo, localisation,
            biographie, spécialités) et les avis.
          </li>
          <li>Le prestataire de paiement, pour les données nécessaires au paiement.</li>
          <li>
            Nos prestataires techniques (hébergement, stockage des fichiers, envoi des emails), uniquement pour faire fonctionner le
            service.
          </li>
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="privacy-retention">
        <h2 id="privacy-retention">6. Combien de temps nous les gardons</h2>
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="pp-visually-hidden">Durées de conservation</caption>
            <thead>
              <tr>
                <th scope="col">Données</th>
                <th scope="col">Durée</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>Compte, profil, profil cuisinier, panier</td>
                <td>
                  Tant que le compte existe. À la suppression du compte, ils sont effacés aussitôt (il ne reste qu&apos;un identifiant
                  anonyme).
                </td>
              </tr>
              <tr>
                <td>Commandes et paiements</td>
                <td>10 ans après la commande (obligations comptables) ; après la suppression du compte, sans votre nom ni votre email.</td>
              </tr>
              <tr>
                <td>Adresse et téléphone de livraison</td>
                <td>
                  Effacés de la commande 30 jours après le créneau de livraison ; celle gardée dans votre profil, jusqu&apos;à la
                  suppression du compte (effacée aussitôt).
                </td>
              </tr>
              <tr>
                <td>Codes promo utilisés et promotions</td>
                <td>
                  Jusqu&apos;à la suppression du compte (effacés aussitôt) ; la commande garde le nom de la réduction et son montant.
                </td>
              </tr>
              <tr>
                <td>Plats et leurs photos</td>
                <td>Tant que le plat ou le compte existe ; les photos sont retirées du stockage à la suppression du compte.</td>
              </tr>
              <tr>
                <td>Avis</td>
                <td>Tant que le compte existe ; à sa suppression, votre nom et votre commentaire sont effacés, la note reste anonyme.</td>
              </tr>
              <tr>
                <td>Comptage des plats sponsorisés</td>
                <td>
                  L&apos;empreinte ne permet plus de vous reconnaître à la fin du jour de campagne ; votre identifiant, après un clic, est
                  gardé 7 jours (effacé aussitôt à la suppression du compte). Les totaux restent dans la comptabilité du cuisinier.
                </td>
              </tr>
              <tr>
                <td>Signalements, décisions de modération et recours</td>
                <td>
                  2 ans après la décision (ou après la réponse au recours), puis supprimés automatiquement ; à la suppression d&apos;un
                  compte, l&apos;adresse email d&apos;un signalement fait sans compte est effacée, le reste est gardé anonyme jusqu&apos;à
                  ce terme.
                </td>
              </tr>
              <tr>
                <td>Informations vendeur et documents d&apos;un cuisinier</td>
                <td>
                  Tant que le cuisinier vend sur Popote, puis 6 mois après la fin de la relation (suppression du compte), comme le demande
                  l&apos;article 30 du règlement européen sur les services numériques ; puis supprimés automatiquement.
                </td>
              </tr>
              <tr>
                <td>Messages de contact</td>
                <td>
                  3 ans après leur envoi, puis supprimés automatiquement ; plus tôt à la suppression du compte lié à votre adresse email, ou
                  sur simple demande.
                </td>
              </tr>
              <tr>
                <td>Trace des emails envoyés</td>
                <td>
                  1 an après l&apos;envoi, puis supprimée automatiquement ; plus tôt à la suppression du compte lié à votre adresse email.
                </td>
              </tr>
              <tr>
                <td>Archive de vos données (« Télécharger mes données »)</td>
                <td>7 jours après sa préparation, puis supprimée ; aussitôt à la suppression du compte.</td>
              </tr>
              <tr>
                <td>Liens envoyés par email</td>
                <td>
                  Confirmation d&apos;adresse : 48 heures ; nouveau mot de passe : 30 minutes ; changement d&apos;adresse : 24 heures.
                </td>
              </tr>
              <tr>
                <td>Compteurs de tentatives (connexion, demandes répétées)</td>
                <td>De 15 minutes à 1 heure.</td>
              </tr>
              <tr>
                <td>Journaux et traces techniques</td>
                <td>30 jours.</td>
              </tr>
              <tr>
                <td>Cookies de session</td>
                <td>15 minutes et 30 jours, ou jusqu&apos;à la déconnexion.</td>
              </tr>
            </tbody>
          </table>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="privacy-security">
        <h2 id="privacy-security">7. Sécurité</h2>
        <p>
          Les échanges avec Popote sont chiffrés (HTTPS), les mots de passe ne sont conservés que sous forme d&apos;empreinte argon2id, les
          cookies de session ne sont pas lisibles par les scripts, et l&apos;accès aux données est limité à ce dont chaque partie du service
          a besoin.
        </p>
      </section>

      <section className={styles.section} aria-labelledby="privacy-rights">
        <h2 id="privacy-rights">8. Vos droits</h2>
        <p>
          Conformément au Règlement général sur la protection des données (RGPD) et à la loi Informatique et Libertés, vous pouvez demander
          l&apos;accès à vos données, leur rectification, leur effacement, leur portabilité, la limitation de leur traitement, ou vous y
          opposer. La plupart se font directement depuis votre <Link to="/profile">profil</Link> :
        </p>
        <ul>
          <li>
            <strong>Accès et portabilité</strong> (articles 15 et 20) : « Télécharger mes données » prépare en quelques instants une archive
            ZIP (fichiers JSON et photos) de tout ce que Popote conserve sur vous : profil, plats, panier, commandes, avis écrits et reçus,
            paiements, emails envoyés et messages de contact. Vous la téléchargez depuis votre profil, connecté à votre compte (nous vous
            prévenons par email dès qu&apos;elle est prête) ; elle reste disponible 7 jours, puis est supprimée.
          </li>
          <li>
            <strong>Rectification</strong> (article 16) : modifiez vos informations ; pour changer d&apos;adresse email, un lien de
            confirmation est envoyé à la nouvelle adresse et un avis à l&apos;ancienne.
          </li>
          <li>
            <strong>Effacement</strong> (article 17) : « Supprimer mon compte », confirmé par votre mot de passe. Vos données sont effacées
            ou anonymisées dans tous nos services et les photos de vos plats supprimées ; seules les commandes et les paiements sont gardés,
            sans votre identité, pour nos obligations comptables. La suppression attend qu&apos;aucune commande ne soit en cours (payée et
            pas encore retirée ou annulée).
          </li>
        </ul>
        <p>
          Pour les autres droits, ou si vous n&apos;avez plus accès à votre compte (« Mot de passe oublié ? » sur la page de connexion vous
          en redonne l&apos;accès), écrivez-nous {writeUs}, depuis l&apos;adresse email de votre compte. Nous répondons dans un délai
          d&apos;un mois. Si vous estimez que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la CNIL (
          <a href="https://www.cnil.fr">www.cnil.fr</a>).
        </p>
      </section>

      <section className={styles.section} aria-labelledby="privacy-changes">
        <h2 id="privacy-changes">9. Modifications</h2>
        <p>
          Si cette politique change, la nouvelle version est publiée sur cette page avec sa date d&apos;entrée en vigueur ; en cas de
          changement important, nous vous prévenons par email.
        </p>
      </section>
    </article>
  );
}
