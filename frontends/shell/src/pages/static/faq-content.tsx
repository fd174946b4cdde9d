import type { ReactNode } from 'react';
import { Link } from '@popote/router';

export interface FaqEntry {
  id: string;
  question: string;
  answer: ReactNode;
}

export interface FaqCategory {
  id: string;
  label: string;
  entries: FaqEntry[];
}

/** Four categories of questions, answered for what the product does today. */
export const FAQ: FaqCategory[] = [
  {
    id: 'commander',
    label: 'Commander',
    entries: [
      {
        id: 'commander-comment',
        question: 'Comment passer une commande ?',
        answer: (
          <>
            <p>
              Connectez-vous, choisissez un plat dans <Link to="/meals">Parcourir les plats</Link>, indiquez le nombre de portions et
              ajoutez-le au panier. Depuis le <Link to="/cart">panier</Link>, passez à la caisse et payez par carte : la commande est créée
              dès que le paiement est accepté.
            </p>
          </>
        ),
      },
      {
        id: 'commander-livraison',
        question: 'Les plats sont-ils livrés ?',
        answer: (
          <p>
            Oui, par les cuisiniers qui le proposent : au paiement, choisissez « Livraison » pour ce cuisinier si votre adresse est dans sa
            zone, puis un créneau. Les frais de livraison (fixés par le cuisinier, 5,00 € le plus souvent, parfois offerts à partir
            d&apos;un montant) s&apos;ajoutent au total et lui reviennent entièrement. Sinon, le retrait chez le cuisinier est gratuit.
          </p>
        ),
      },
      {
        id: 'commander-suivi',
        question: 'Comment suivre ma commande ?',
        answer: (
          <>
            <p>
              Vos commandes et leur statut se trouvent dans <Link to="/orders">Mes commandes</Link> : en attente de confirmation, confirmée,
              en préparation, prête pour le retrait, récupérée ou annulée.
            </p>
            <p>Vous recevez aussi un email de confirmation après chaque commande.</p>
          </>
        ),
      },
      {
        id: 'commander-epuise',
        question: 'Pourquoi un plat est-il marqué « Épuisé » ?',
        answer: (
          <p>
            Chaque cuisinier prépare un nombre limité de portions. Quand elles sont toutes commandées, le plat ne peut plus être ajouté au
            panier ; il peut revenir si le cuisinier en prépare de nouvelles.
          </p>
        ),
      },
      {
        id: 'commander-allergenes',
        question: 'Comment connaître les allergènes d’un plat ?',
        answer: (
          <p>
            Chaque fiche de plat affiche ses ingrédients et les allergènes déclarés par le cuisinier, et la liste des plats peut être
            filtrée « Sans allergène ». En cas d&apos;allergie sévère, soyez prudent : les plats sont préparés dans des cuisines de
            particuliers.
          </p>
        ),
      },
    ],
  },
  {
    id: 'cuisiner',
    label: 'Cuisiner',
    entries: [
      {
        id: 'cuisiner-devenir',
        question: 'Comment devenir cuisinier sur Popote ?',
        answer: (
          <p>
            Créez un compte en choisissant « Vendre des repas », ou, si vous avez déjà un compte client, passez en compte cuisinier depuis
            votre <Link to="/profile">profil</Link> avec « Devenir cuisinier ».
          </p>
        ),
      },
      {
        id: 'cuisiner-publier',
        question: 'Comment publier un plat ?',
        answer: (
          <p>
            Depuis votre tableau de bord, choisissez « Ajouter un plat » : photo, nom, description, prix, nombre de portions, ingrédients,
            catégorie, temps de préparation, date de disponibilité et allergènes. Vous pouvez ensuite en modifier la photo, le nom, la
            description, le prix et les portions, ou le supprimer.
          </p>
        ),
      },
      {
        id: 'cuisiner-photos',
        question: 'Quelles photos puis-je ajouter ?',
        answer: (
          <p>
            Une image de 5 Mo au plus. Elle est réencodée à la réception et ses métadonnées (dont la position GPS) sont supprimées avant
            publication.
          </p>
        ),
      },
      {
        id: 'cuisiner-commandes',
        question: 'Où voir les commandes de mes plats ?',
        answer: (
          <p>
            Dans l&apos;onglet « Commandes » de votre tableau de bord. Vous êtes aussi prévenu par email quand un client commande l&apos;un
            de vos plats.
          </p>
        ),
      },
      {
        id: 'cuisiner-responsabilite',
        question: 'Quelles sont mes responsabilités ?',
        answer: (
          <p>
            Vous êtes responsable des plats que vous proposez : respect des règles d&apos;hygiène et de conservation, et description exacte
            des ingrédients et des allergènes.
          </p>
        ),
      },
    ],
  },
  {
    id: 'paiement',
    label: 'Paiement',
    entries: [
      {
        id: 'paiement-moyens',
        question: 'Comment puis-je payer ?',
        answer: (
          <p>
            Par carte bancaire, en euros, au moment de valider la commande. Le paiement est traité par notre prestataire de paiement par
            carte.
          </p>
        ),
      },
      {
        id: 'paiement-frais',
        question: 'Y a-t-il des frais en plus du prix des plats ?',
        answer: (
          <p>
            Pas de frais de service : le total payé est la somme des plats commandés, plus les frais de livraison du cuisinier si vous
            choisissez d&apos;être livré (le retrait est gratuit).
          </p>
        ),
      },
      {
        id: 'paiement-securite',
        question: 'Mes données bancaires sont-elles en sécurité ?',
        answer: (
          <p>
            Vos numéros de carte sont saisis et traités par le prestataire de paiement : Popote ne les reçoit pas et ne les stocke jamais.
            Nous ne gardons que le montant et le résultat du paiement.
          </p>
        ),
      },
      {
        id: 'paiement-probleme',
        question: 'Mon paiement a échoué, que faire ?',
        answer: (
          <p>
            Aucune commande n&apos;est créée tant que le paiement n&apos;est pas accepté, et votre panier est conservé. Vérifiez les
            informations de la carte et réessayez ; si le problème continue, écrivez-nous depuis la page <Link to="/contact">Contact</Link>.
          </p>
        ),
      },
    ],
  },
  {
    id: 'compte',
    label: 'Compte',
    entries: [
      {
        id: 'compte-creer',
        question: 'De quoi ai-je besoin pour créer un compte ?',
        answer: (
          <p>
            Une adresse email, un mot de passe d&apos;au moins 6 caractères, votre nom, un pseudo d&apos;au moins 3 caractères et votre
            localisation. <Link to="/auth?mode=inscription">Créer un compte</Link>.
          </p>
        ),
      },
      {
        id: 'compte-modifier',
        question: 'Comment modifier mes informations ou mon mot de passe ?',
        answer: (
          <p>
            Depuis votre <Link to="/profile">profil</Link> : « Modifier » pour vos informations personnelles, la carte « Mot de passe » pour
            en changer. Votre adresse email ne peut pas être modifiée depuis le site.
          </p>
        ),
      },
      {
        id: 'compte-type',
        question: 'Puis-je passer de client à cuisinier, et inversement ?',
        answer: <p>Oui, à tout moment, depuis la carte « Type de compte » de votre profil.</p>,
      },
      {
        id: 'compte-session',
        question: 'Pourquoi dois-je parfois me reconnecter ?',
        answer: (
          <p>
            Votre session reste ouverte tant que vous utilisez Popote ; après 30 jours sans visite, ou si vous vous déconnectez, il faut
            vous identifier à nouveau.
          </p>
        ),
      },
      {
        id: 'compte-donnees',
        question: 'Comment supprimer mon compte ou obtenir mes données ?',
        answer: (
          <p>
            Écrivez-nous depuis la page <Link to="/contact">Contact</Link> avec l&apos;adresse email de votre compte. Vos droits sont
            détaillés dans la <Link to="/privacy">politique de confidentialité</Link>.
          </p>
        ),
      },
    ],
  },
];
