/**
 * The alerts' vocabulary (docs/alerts.md): what an alert is about, its channels, and the French
 * labels the profile's preferences show. Notifications stores and sends by these (through
 * @popote/contracts, which re-exports them); the shell's 'Alertes' card shows the same labels.
 */

/** What an alert is about; each has its channels in the preferences. */
export const ALERT_KINDS = ['new_dish', 'new_slots', 'back_in_stock', 'order_updates'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const ALERT_CHANNELS = ['email', 'push'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

/** The profile's labels of the kinds (French). Orders always send their emails; only the push is a choice. */
export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  new_dish: 'Nouveaux plats de mes cuisiniers',
  new_slots: 'Nouveaux créneaux de retrait de mes cuisiniers',
  back_in_stock: 'Mes plats favoris de nouveau disponibles',
  order_updates: 'Suivi de mes commandes (confirmée, prête, annulée ; nouvelle commande pour les cuisiniers)',
};

/** Which channels each kind has (`order_updates`: push only, the order emails are not optional). */
export const ALERT_KIND_CHANNELS: Record<AlertKind, readonly AlertChannel[]> = {
  new_dish: ['email', 'push'],
  new_slots: ['email', 'push'],
  back_in_stock: ['email', 'push'],
  order_updates: ['push'],
};

/** The channels' labels (French). */
export const ALERT_CHANNEL_LABELS: Record<AlertChannel, string> = { email: 'Email', push: 'Notification' };
