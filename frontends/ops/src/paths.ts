/** The console's pages (the shell's PAGE_ROUTES sends `/console/*` here, once an operator is signed in). */
export const CONSOLE = '/console';
export const REPORTS = '/console/signalements';
/** A report's page (a sub-page of 'Signalements'): its pattern, and the path of one report. */
export const REPORT = '/console/signalements/:reportId';
export const reportPath = (reportId: string): string => `${REPORTS}/${encodeURIComponent(reportId)}`;
export const APPEALS = '/console/recours';
export const SELLERS = '/console/vendeurs';
export const JOURNAL = '/console/journal';
/** Support: orders found by number or email, an order's page (a sub-page of 'Commandes'), failed payouts. */
export const ORDERS = '/console/commandes';
export const ORDER = '/console/commandes/:orderId';
export const orderPath = (orderId: string): string => `${ORDERS}/${encodeURIComponent(orderId)}`;
export const PAYOUTS = '/console/versements';
export const DEAD_LETTERS = '/console/lettres-mortes';
/** The platform's first-order offer (ADR 0045). */
export const OFFER = '/console/offre-de-bienvenue';
/** The shell's own sign-in page for operators (public). */
export const CONSOLE_SIGN_IN = '/console/connexion';
