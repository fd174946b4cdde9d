import type { RouteObject } from 'react-router';
import { MealsPage } from './features/meals/meals-page';
import { NotFoundPage } from './pages/not-found-page';

export const routes: RouteObject[] = [
  { path: '/meals', element: <MealsPage /> },
  { path: '*', element: <NotFoundPage /> },
];
