import { lazyPage, PageLoading } from '@popote/ui';
import { Suspense, type ReactNode } from 'react';
import type { RouteEntry } from '@popote/router';
import { NotFoundPage } from '@popote/ui/not-found-page';

// Each page is its own chunk: the meal forms (react-hook-form, zod, confetti) load only when one
// opens, not with the dashboard, and the dashboard not with a form.
const DashboardPage = lazyPage(() => import('./features/dashboard/dashboard-page'), 'DashboardPage');
const CreateMealPage = lazyPage(() => import('./features/create-meal/create-meal-page'), 'CreateMealPage');
const EditMealPage = lazyPage(() => import('./features/edit-meal/edit-meal-page'), 'EditMealPage');

const page = (element: ReactNode) => <Suspense fallback={<PageLoading />}>{element}</Suspense>;

// The shell lets only cooks reach these pages (its route guard); the BFF checks again on every call.
/** The remote's pages by absolute path; the last one (no path) answers every other URL. */
export const routes: ReadonlyArray<RouteEntry> = [
  { path: '/cook/dashboard', element: page(<DashboardPage />) },
  { path: '/create-meal', element: page(<CreateMealPage />) },
  { path: '/meals/:mealId/edit', element: page(<EditMealPage />) },
  { element: <NotFoundPage /> },
];
