import type { RouteObject } from 'react-router';
import { DashboardPage } from './features/dashboard/dashboard-page';
import { NotFoundPage } from './pages/not-found-page';

export const routes: RouteObject[] = [
  { path: '/cook/dashboard', element: <DashboardPage /> },
  { path: '*', element: <NotFoundPage /> },
];
