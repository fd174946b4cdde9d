import type { ErrorCode } from '@popote/contracts';

/**
 * The French text shown for each code when the service did not send a more precise one.
 * Services' own messages are already French and are kept.
 */
export const DEFAULT_MESSAGES: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'Données invalides',
  NOT_FOUND: 'Élément introuvable',
  MEAL_NOT_FOUND: 'Plat introuvable',
  INSUFFICIENT_STOCK: 'Stock insuffisant',
  FORBIDDEN: "Vous n'êtes pas autorisé à effectuer cette action",
  UNAUTHENTICATED: 'Veuillez vous connecter pour continuer',
  INVALID_CREDENTIALS: 'Email ou mot de passe invalide',
  RATE_LIMITED: 'Trop de tentatives. Réessayez dans quelques minutes.',
  CONFLICT: 'Cette opération est en conflit avec une autre',
  UNAVAILABLE: 'Le service est momentanément indisponible. Réessayez dans un instant.',
  INTERNAL: 'Une erreur est survenue',
};
