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
    contactLabel: 'Nous écrire :',
  },
  staticPages: {
    onThisPage: 'Sur cette page',
  },
  contact: {
    title: 'Contact',
    lead: 'Une question sur une commande, un plat ou votre compte ? Écrivez-nous : le message arrive directement à notre équipe, qui vous répond par email.',
    writeTo: 'Vous pouvez aussi nous écrire à',
    formTitle: 'Envoyer un message',
    name: 'Nom',
    email: 'Email',
    subject: 'Sujet',
    message: 'Message',
    messageHint: 'Pour une commande, précisez sa date et le plat concerné.',
    submit: 'Envoyer le message',
    sent: 'Message envoyé avec succès !',
    failed: "Erreur lors de l'envoi du message",
    nameRequired: 'Le nom est requis',
    emailRequired: "L'email est requis",
    emailInvalid: 'Adresse email invalide',
    subjectRequired: 'Le sujet est requis',
    messageRequired: 'Le message est requis',
    tooLong: (max: number) => `${max} caractères au maximum`,
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
    /** Spec §8: who is signed in could not be read, even after the retries. */
    userLoadFailed: 'Erreur de connexion. Certaines fonctionnalités peuvent être limitées.',
  },
} as const;
