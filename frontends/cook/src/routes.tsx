import type { RouteObject } from 'react-router';
import { CreateMealPage } from './features/create-meal/create-meal-page';
import { DashboardPage } from './features/dashboard/dashboard-page';
import { EditMealPage } from './features/edit-meal/edit-meal-page';
import { NotFoundPage } from './pages/not-found-page';

// The shell lets only cooks reach these pages (its route guard); the BFF checks again on every call.
export const routes: RouteObject[] = [
  { path: '/cook/dashboard', element: <DashboardPage /> },
  { path: '/create-meal', element: <CreateMealPage /> },
  { path: '/meals/:mealId/edit', element: <EditMealPage /> },
  { path: '*', element: <NotFoundPage /> },
];
