import { Link, Redirect, type RouteEntry } from '@popote/router';
import { buttonClassName, lazyPage, NotFound, PageLoading } from '@popote/ui';
import { Suspense, type ReactNode } from 'react';
import { APPEALS, CONSOLE, DEAD_LETTERS, JOURNAL, OFFER, ORDER, ORDERS, PAYOUTS, REPORT, REPORTS, SELLERS } from './paths';
import { opsFr } from './texts';

// Each page is its own chunk.
const ReportsPage = lazyPage(() => import('./features/reports/reports-page'), 'ReportsPage');
const ReportPage = lazyPage(() => import('./features/reports/report-page'), 'ReportPage');
const AppealsPage = lazyPage(() => import('./features/appeals/appeals-page'), 'AppealsPage');
const SellersPage = lazyPage(() => import('./features/sellers/sellers-page'), 'SellersPage');
const JournalPage = lazyPage(() => import('./features/journal/journal-page'), 'JournalPage');
const OrdersPage = lazyPage(() => import('./features/support/orders-page'), 'OrdersPage');
const OrderPage = lazyPage(() => import('./features/support/order-page'), 'OrderPage');
const PayoutsPage = lazyPage(() => import('./features/support/payouts-page'), 'PayoutsPage');
const DeadLettersPage = lazyPage(() => import('./features/dead-letters/dead-letters-page'), 'DeadLettersPage');
const OfferPage = lazyPage(() => import('./features/offer/offer-page'), 'OfferPage');

const page = (element: ReactNode) => <Suspense fallback={<PageLoading />}>{element}</Suspense>;

/** A section of the console: its page, and its link in the console's navigation (in this order). */
export interface ConsoleSection {
  path: string;
  label: string;
  element: ReactNode;
}

/**
 * THE list of the console's sections: a section added here is routed and in the navigation. The
 * shell lets only operators reach them (its route guard); the BFF checks the operator's session on
 * every call.
 */
export const SECTIONS: ReadonlyArray<ConsoleSection> = [
  { path: REPORTS, label: opsFr.sections.reports, element: <ReportsPage /> },
  { path: APPEALS, label: opsFr.sections.appeals, element: <AppealsPage /> },
  { path: SELLERS, label: opsFr.sections.sellers, element: <SellersPage /> },
  { path: ORDERS, label: opsFr.sections.orders, element: <OrdersPage /> },
  { path: PAYOUTS, label: opsFr.sections.payouts, element: <PayoutsPage /> },
  { path: OFFER, label: opsFr.sections.offer, element: <OfferPage /> },
  { path: DEAD_LETTERS, label: opsFr.sections.deadLetters, element: <DeadLettersPage /> },
  { path: JOURNAL, label: opsFr.sections.journal, element: <JournalPage /> },
];

/** Pages under a section that are not in the navigation (a report's details…), by absolute path. */
const SUBPAGES: ReadonlyArray<RouteEntry> = [
  { path: REPORT, element: <ReportPage /> },
  { path: ORDER, element: <OrderPage /> },
];

function ConsoleNotFound() {
  return (
    <NotFound
      actions={
        <Link to={CONSOLE} className={buttonClassName({ variant: 'primary' })}>
          {opsFr.brand}
        </Link>
      }
    />
  );
}

/** The remote's pages by absolute path; `/console` opens the first section, the last entry answers every other URL. */
export const routes: ReadonlyArray<RouteEntry> = [
  { path: CONSOLE, element: <Redirect to={SECTIONS[0]!.path} replace /> },
  ...SECTIONS.map(({ path, element }) => ({ path, element: page(element) })),
  ...SUBPAGES.map(({ path, element }) => ({ path, element: page(element) })),
  { element: <ConsoleNotFound /> },
];
