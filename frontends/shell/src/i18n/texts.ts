/**
 * French texts of the shell's own pages and chrome (footer, static pages, contact form,
 * error screen, install banner, connectivity). Texts shared with the remotes live in
 * `fr` of @popote/ui; quoted spec texts are kept verbatim.
 */
export const shellFr = {
  footer: {
    about: 'À propos',
    faq: 'FAQ',
    contact: 'Contact',
    privacy: 'Confidentialité',
    transparency: 'Transparence',
    contactLabel: 'Nous écrire :',
  },
  staticPages: {
    onThisPage: 'Sur cette page',
  },
  error: {
    title: "Erreur inattendue de l'application",
    body: "Un problème empêche d'afficher cette page. Vous pouvez revenir à l'accueil ou recharger la page.",
    reload: 'Recharger la page',
  },
  install: {
    label: "Installer l'application",
    title: 'Installer Popote',
    body: "Ajoutez Popote à votre écran d'accueil pour retrouver vos plats et vos commandes en un geste.",
    accept: 'Installer',
    dismiss: 'Plus tard',
  },
  connectivity: {
    offline: 'Mode hors ligne activé. Les données seront synchronisées une fois la connexion rétablie.',
    online: 'Connexion rétablie. Synchronisation des données...',
    /** Who is signed in could not be read, even after the retries. */
    userLoadFailed: 'Erreur de connexion. Certaines fonctionnalités peuvent être limitées.',
  },
  /** The banner of an unconfirmed address (every page while signed in), and the confirmation page's title. */
  verification: {
    verifyTitle: 'Confirmation de votre adresse email',
    bannerText: (email: string) =>
      `Confirmez votre adresse email (${email}) avec le lien que nous vous avons envoyé : c’est nécessaire pour payer vos commandes et publier vos plats.`,
    resend: "Renvoyer l'email",
    resent: (email: string) => `Email de confirmation envoyé à ${email}`,
    resendError: "Erreur lors de l'envoi de l'email",
  },
  /** The guard of the operators' console pages (the rest of its texts load with its pages). */
  console: {
    operatorLoadError: 'Erreur lors du chargement de la session d’opérateur',
  },
} as const;
