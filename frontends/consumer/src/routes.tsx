import type { RouteObject } from 'react-router';
import { CartPage } from './features/cart/cart-page';
import { CheckoutPage } from './features/checkout/checkout-page';
import { CookPage } from './features/cook-page/cook-page';
import { HomePage } from './features/home/home-page';
import { MealDetailPage } from './features/meal-detail/meal-detail-page';
import { MealsPage } from './features/meals/meals-page';
import { OrdersPage } from './features/orders/orders-page';
import { ReceiptPage } from './features/receipt/receipt-page';
import { NotFoundPage } from './pages/not-found-page';

// The shell guards /orders (and its receipts), /cart and /checkout (signed in only) before this remote renders them.
export const routes: RouteObject[] = [
  { path: '/', element: <HomePage /> },
  { path: '/meals', element: <MealsPage /> },
  { path: '/meals/:mealId', element: <MealDetailPage /> },
  { path: '/cook/:cookId', element: <CookPage /> },
  { path: '/orders', element: <OrdersPage /> },
  { path: '/orders/:orderId/receipt', element: <ReceiptPage /> },
  { path: '/cart', element: <CartPage /> },
  { path: '/checkout', element: <CheckoutPage /> },
  { path: '*', element: <NotFoundPage /> },
];
