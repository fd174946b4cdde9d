import { lazyPage, PageLoading } from '@popote/ui';
import { Suspense, type ReactNode } from 'react';
import { loadHomePage, loadMealsPage } from './first-page';
import type { RouteEntry } from '@popote/router';
import { NotFoundPage } from '@popote/ui/not-found-page';

// Every page is its own chunk, loaded when first opened: /meals does not download the cart,
// the checkout (Stripe.js) or the orders (live updates).
const HomePage = lazyPage(loadHomePage, 'HomePage');
const MealsPage = lazyPage(loadMealsPage, 'MealsPage');
const MealDetailPage = lazyPage(() => import('./features/meal-detail/meal-detail-page'), 'MealDetailPage');
const CookPage = lazyPage(() => import('./features/cook-page/cook-page'), 'CookPage');
const OrdersPage = lazyPage(() => import('./features/orders/orders-page'), 'OrdersPage');
const CartPage = lazyPage(() => import('./features/cart/cart-page'), 'CartPage');
const CheckoutPage = lazyPage(() => import('./features/checkout/checkout-page'), 'CheckoutPage');
const ReceiptPage = lazyPage(() => import('./features/receipt/receipt-page'), 'ReceiptPage');
const FavouritesPage = lazyPage(() => import('./features/follows/favourites-page'), 'FavouritesPage');

const page = (element: ReactNode) => <Suspense fallback={<PageLoading />}>{element}</Suspense>;

// The shell guards /orders (and its receipts), /cart, /checkout and /favourites (signed in only) before this remote renders them.
/** The remote's pages by absolute path; the last one (no path) answers every other URL. */
export const routes: ReadonlyArray<RouteEntry> = [
  { path: '/', element: page(<HomePage />) },
  { path: '/meals', element: page(<MealsPage />) },
  { path: '/meals/:mealId', element: page(<MealDetailPage />) },
  { path: '/cook/:cookId', element: page(<CookPage />) },
  { path: '/orders', element: page(<OrdersPage />) },
  { path: '/orders/:orderId/receipt', element: page(<ReceiptPage />) },
  { path: '/cart', element: page(<CartPage />) },
  { path: '/checkout', element: page(<CheckoutPage />) },
  { path: '/favourites', element: page(<FavouritesPage />) },
  { element: <NotFoundPage /> },
];
