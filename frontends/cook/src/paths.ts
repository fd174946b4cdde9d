/** The cook remote's pages (the shell's PAGE_ROUTES sends these URLs here). */
export const DASHBOARD = '/cook/dashboard';
/** The dashboard's tabs are in its URL: ?onglet=apercu | plats | commandes | retrait | avis | statistiques | paiements. */
export const TAB_PARAM = 'onglet';
export const DASHBOARD_MEALS = `${DASHBOARD}?${TAB_PARAM}=plats`;
export const CREATE_MEAL = '/create-meal';
export const editMealPath = (mealId: string) => `/meals/${encodeURIComponent(mealId)}/edit`;
export const mealPath = (mealId: string) => `/meals/${encodeURIComponent(mealId)}`;
