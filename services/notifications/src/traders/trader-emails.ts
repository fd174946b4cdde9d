import { RECIPIENT_NAME } from '../mail/emails.service';

/** Where the cook completes and follows their trader details: the dashboard's 'Vendeur' tab. */
export const TRADER_TAB_PATH = '/cook/dashboard?onglet=vendeur';

/**
 * The cook's email for an operator's decision on their trader details; `link` opens the 'Vendeur'
 * tab (built from PUBLIC_URL by the caller). RECIPIENT_NAME becomes the account's name when sent.
 */
export function traderDecisionEmail(
  decision: 'verified' | 'more_info_requested',
  message: string | null,
  link: string,
): { subject: string; text: string } {
  if (decision === 'verified')
    return {
      subject: 'Vos informations de vendeur sont vérifiées',
      text:
        `Bonjour ${RECIPIENT_NAME},\n\nNotre équipe a vérifié vos informations de vendeur : vous pouvez mettre vos plats en vente sur Popote. ` +
        `Votre page de cuisinier affiche désormais « Vendeur vérifié » et les informations que la loi demande de montrer aux acheteurs.\n\n` +
        `${link}\n\nL'équipe Popote`,
    };
  return {
    subject: 'Vos informations de vendeur sont à compléter',
    text:
      `Bonjour ${RECIPIENT_NAME},\n\nNotre équipe a besoin de compléments avant de vérifier vos informations de vendeur :\n\n` +
      `« ${message ?? ''} »\n\nComplétez-les dans l'onglet « Vendeur » de votre tableau de bord :\n\n${link}\n\nL'équipe Popote`,
  };
}
