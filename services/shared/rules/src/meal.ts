import { MEAL_LIMITS } from './limits';

/**
 * French texts of the meal rules: the catalogue answers with them, and the cook's forms
 * show the same ones before anything is sent (the forms add their own, more precise, for what the
 * catalogue words generically: 'Ce champ est obligatoire'...).
 */
export const MEAL_MESSAGES = {
  required: 'Ce champ est obligatoire',
  ingredientsMin: 'Veuillez sélectionner au moins un ingrédient',
  ingredientsMax: `Vous pouvez sélectionner au plus ${MEAL_LIMITS.ingredientsMax} ingrédients`,
  ingredientUnknown: 'Ingrédient inconnu',
  allergenUnknown: 'Allergène inconnu',
  categoryRequired: 'Veuillez choisir une catégorie',
  priceMin: 'Le prix doit être positif ou nul',
  priceStep: 'Le prix se saisit au centime près',
  portionsMinCreate: 'Au moins une portion',
  portionsMinEdit: 'Le nombre de portions ne peut pas être négatif',
  preparationMin: 'Au moins une minute',
  dateRequired: 'Veuillez indiquer la date de disponibilité',
  notAllowed: "Vous n'êtes pas autorisé à modifier ce plat",
  notFound: 'Plat non trouvé',
  imageInvalid: 'Veuillez sélectionner une image',
  imageTooLarge: "L'image ne doit pas dépasser 5MB",
  imageUnknown: 'Cette image est introuvable : envoyez à nouveau votre photo',
  imageNotYours: "Cette image n'a pas été envoyée depuis votre compte : choisissez une de vos photos",
} as const;
