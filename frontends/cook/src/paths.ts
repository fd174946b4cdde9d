/** The cook remote's pages (the shell's PAGE_ROUTES sends these URLs here). */
export const DASHBOARD = '/cook/dashboard';
/** The dashboard's tabs are in its URL: ?onglet=apercu | plats | commandes | retrait | avis | statistiques | mises-en-avant | promotions | paiements | vendeur. */
export const TAB_PARAM = 'onglet';
export const DASHBOARD_MEALS = `${DASHBOARD}?${TAB_PARAM}=plats`;
/** The 'Mises en avant' tab. */
export const CAMPAIGNS_TAB = 'mises-en-avant';
export const DASHBOARD_CAMPAIGNS = `${DASHBOARD}?${TAB_PARAM}=${CAMPAIGNS_TAB}`;
/** The 'Vendeur' tab: the cook's trader details, verified before a first dish goes on sale. */
export const SELLER_TAB = 'vendeur';
export const DASHBOARD_SELLER = `${DASHBOARD}?${TAB_PARAM}=${SELLER_TAB}`;
export const CREATE_MEAL = '/create-meal';
export const editMealPath = (mealId: string) => `/meals/${encodeURIComponent(mealId)}/edit`;
export const mealPath = (mealId: string) => `/meals/${encodeURIComponent(mealId)}`;
