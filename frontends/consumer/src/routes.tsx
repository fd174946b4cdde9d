import type { RouteObject } from 'react-router';
import { CartPage } from './features/cart/cart-page';
import { MealsPage } from './features/meals/meals-page';
import { OrdersPage } from './features/orders/orders-page';
import { NotFoundPage } from './pages/not-found-page';

// The shell guards /orders and /cart (signed in only) before this remote renders them.
export const routes: RouteObject[] = [
  { path: '/meals', element: <MealsPage /> },
  { path: '/orders', element: <OrdersPage /> },
  { path: '/cart', element: <CartPage /> },
  { path: '*', element: <NotFoundPage /> },
];
