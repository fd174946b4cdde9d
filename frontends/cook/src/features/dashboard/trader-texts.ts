import { TRADER_LIMITS, TRADER_STATUS_LABELS, type TraderStatus } from '@popote/rules';

/**
 * French texts of the dashboard's 'Vendeur' tab and of the 'Ajouter un plat' page's gate (traders'
 * traceability). The statuses and the form's validation messages are those of @popote/rules
 * (TRADER_STATUS_LABELS, TRADER_MESSAGES): never written here. (Kept in the cook remote, like the
 * advertisements' texts.)
 */
export const frTrader = {
  tab: 'Vendeur',
  title: 'Mes informations de vendeur',
  intro:
    'Avant votre première vente, la loi européenne sur les services numériques demande à Popote de savoir qui vend : votre nom, votre adresse, votre téléphone, votre email et votre numéro SIRET, ainsi que le récépissé de votre déclaration d’activité auprès de la DDPP et votre attestation de formation à l’hygiène alimentaire. Notre équipe vérifie votre dossier, puis vos plats peuvent être mis en vente.',
  publicNote:
    'Une fois vos informations vérifiées, votre page de cuisinier affiche « Vendeur vérifié » ainsi que votre nom, votre adresse, votre téléphone, votre email et votre SIRET, comme la loi le demande. Vos documents restent privés : seule l’équipe Popote peut les consulter.',
  loading: 'Chargement de vos informations de vendeur...',
  statusTitle: 'Statut de votre dossier',
  statusLabel: (status: TraderStatus, message: string | null) =>
    status === 'more_info_requested' && message ? `${TRADER_STATUS_LABELS.more_info_requested} : ${message}` : TRADER_STATUS_LABELS[status],
  statusHelp: {
    missing: 'Complétez ce formulaire pour pouvoir mettre vos plats en vente.',
    submitted: 'Notre équipe vérifie vos informations. Vous recevrez un email dès qu’elles seront vérifiées.',
    more_info_requested: 'Complétez votre dossier comme demandé, puis envoyez-le à nouveau.',
    verified: 'Vos informations sont vérifiées : vous pouvez mettre vos plats en vente.',
  } satisfies Record<TraderStatus, string>,
  changeWarning:
    'Si vous modifiez ces informations, elles repasseront en vérification : vous ne pourrez pas ajouter de nouveau plat avant la nouvelle vérification. Vos plats déjà en vente le restent.',

  identity: 'Qui vend',
  legalName: 'Nom et prénom, ou raison sociale',
  siret: 'Numéro SIRET',
  siretHint: '14 chiffres, tels qu’ils figurent sur votre avis de situation au répertoire SIRENE.',
  address: 'Adresse de votre activité',
  addressHint: 'Elle est affichée aux acheteurs une fois vos informations vérifiées.',
  street: 'Numéro et rue',
  postcode: 'Code postal',
  city: 'Commune',
  contact: 'Vous joindre',
  phone: 'Téléphone',
  phoneHint: 'Par exemple 06 12 34 56 78.',
  email: 'Email de contact',
  emailHint: 'Affiché aux acheteurs une fois vos informations vérifiées.',

  documents: 'Vos documents',
  documentsHint: `PDF, JPEG ou PNG, ${TRADER_LIMITS.documentMaxBytes / 1024 / 1024} Mo au maximum. Visibles par vous et par l’équipe Popote uniquement.`,
  ddpp: 'Récépissé de déclaration auprès de la DDPP',
  hygiene: 'Attestation de formation à l’hygiène alimentaire',
  chooseFile: (document: string) => `Choisir un fichier : ${document}`,
  replaceFile: (document: string) => `Remplacer le fichier : ${document}`,
  noFile: 'Aucun fichier pour l’instant.',
  uploading: 'Envoi du document...',
  uploaded: 'Document reçu',
  openFile: (name: string) => `Télécharger ${name}`,

  commitment: 'Votre engagement',
  selfCertification:
    'Je m’engage à ne proposer sur Popote que des produits conformes aux règles applicables du droit de l’Union européenne (hygiène, sécurité des aliments, information sur les allergènes).',

  submit: 'Envoyer pour vérification',
  submitted: 'Informations envoyées : notre équipe va les vérifier',
  unchanged: 'Informations enregistrées',
  invalid: 'Certains champs sont à corriger',
  saveError: 'Erreur lors de l’enregistrement de vos informations',

  // The 'Ajouter un plat' page of a cook who is not a verified seller yet.
  gateTitle: 'Vos informations de vendeur d’abord',
  gateMessage: {
    missing:
      'Avant de mettre un plat en vente, renseignez vos informations de vendeur dans l’onglet « Vendeur » de votre tableau de bord : notre équipe doit les vérifier.',
    submitted:
      'Notre équipe vérifie vos informations de vendeur. Vous pourrez mettre vos plats en vente dès qu’elles seront vérifiées : vous recevrez un email.',
    more_info_requested:
      'Notre équipe a besoin de compléments sur vos informations de vendeur avant que vous puissiez mettre un plat en vente.',
  },
  gateLink: 'Ouvrir l’onglet « Vendeur »',
  gateLoadError: 'Impossible de vérifier votre statut de vendeur pour le moment.',
} as const;
