import { Spinner } from '@popote/ui';
import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { DashboardPage } from './features/dashboard/dashboard-page';
import { NotFoundPage } from './pages/not-found-page';

// The meal forms (react-hook-form, zod, confetti) load only when one opens, not with the dashboard.
const CreateMealPage = lazy(() =>
  import('./features/create-meal/create-meal-page').then((module) => ({ default: module.CreateMealPage })),
);
const EditMealPage = lazy(() =>
  import('./features/edit-meal/edit-meal-page').then((module) => ({ default: module.EditMealPage })),
);

function Loading({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="pp-page">
          <Spinner size="lg" />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

// The shell lets only cooks reach these pages (its route guard); the BFF checks again on every call.
export const routes: RouteObject[] = [
  { path: '/cook/dashboard', element: <DashboardPage /> },
  {
    path: '/create-meal',
    element: (
      <Loading>
        <CreateMealPage />
      </Loading>
    ),
  },
  {
    path: '/meals/:mealId/edit',
    element: (
      <Loading>
        <EditMealPage />
      </Loading>
    ),
  },
  { path: '*', element: <NotFoundPage /> },
];
