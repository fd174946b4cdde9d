/**
 * French texts of the profile's 'Mes cuisiniers' and 'Alertes' cards and of the unsubscribe page
 * of the alert emails (the kinds' labels are @popote/rules' ALERT_KIND_LABELS).
 */
export const alertsFr = {
  cooks: {
    title: 'Mes cuisiniers',
    loading: 'Chargement de vos cuisiniers...',
    error: 'Impossible de charger vos cuisiniers.',
    empty: 'Vous ne suivez encore aucun cuisinier. Touchez « Suivre » sur la page d’un cuisinier pour être prévenu de ses nouveaux plats.',
    browse: 'Découvrir les plats',
    since: (date: string) => `Suivi depuis le ${date}`,
    unfollow: 'Ne plus suivre',
    unfollowLabel: (cook: string) => `Ne plus suivre ${cook}`,
    unfollowed: (cook: string) => `Vous ne suivez plus ${cook}.`,
    avatarAlt: (cook: string) => `Photo de ${cook}`,
  },
  alerts: {
    title: 'Alertes',
    intro: 'Choisissez ce qui vous est envoyé par email (un résumé par jour au plus) et en notification sur vos appareils.',
    loading: 'Chargement de vos préférences...',
    error: 'Impossible de charger vos préférences.',
    kind: 'Alerte',
    always: 'Toujours envoyé',
    save: 'Enregistrer les préférences',
    saved: 'Préférences enregistrées.',
    saveError: 'Erreur lors de l’enregistrement des préférences',
    /** The checkbox's accessible name: the channel of a kind. */
    channelOf: (channel: string, kind: string) => `${channel} : ${kind}`,
    devices: (count: number) =>
      count === 0
        ? 'Aucun appareil ne reçoit vos notifications.'
        : count === 1
          ? 'Un appareil reçoit vos notifications.'
          : `${count} appareils reçoivent vos notifications.`,
    thisDevice: 'Cet appareil',
    deviceOn: 'Cet appareil reçoit vos notifications.',
    deviceOff: 'Cet appareil ne reçoit pas vos notifications.',
    deviceBlocked: 'Les notifications sont bloquées dans ce navigateur : autorisez-les dans ses réglages pour les recevoir ici.',
    deviceUnsupported: 'Ce navigateur ne peut pas recevoir de notifications.',
    subscribe: 'Recevoir les notifications sur cet appareil',
    unsubscribe: 'Ne plus recevoir de notifications sur cet appareil',
    subscribed: 'Notifications activées sur cet appareil.',
    unsubscribed: 'Cet appareil ne recevra plus vos notifications.',
    dismissed: 'Notifications non activées.',
  },
  unsubscribe: {
    title: 'Se désabonner des emails d’alerte',
    lead: 'Ce lien arrête les emails de ce type d’alerte. Vous pourrez les réactiver à tout moment depuis votre profil.',
    confirm: 'Confirmer la désinscription',
    done: 'Désinscription confirmée',
    invalid: "Ce lien de désinscription n'est pas valide.",
    failed: 'La désinscription n’a pas pu être enregistrée. Réessayez dans un instant.',
    manage: 'Gérer mes alertes',
    home: 'Retour à l’accueil',
  },
} as const;
