/**
 * The router of every Popote page: the part of react-router the shell and the remotes use.
 *
 * This module, not react-router, is the Module Federation singleton (see @popote/build): a shared
 * module ships whole, and react-router whole is ~63 KB gzip, while what is re-exported here is
 * ~10 KB once tree-shaken. One copy per page still means one history and one location context
 * for the shell and the remotes.
 *
 * Apps import routing from here, never from react-router (tests may). Adding an export is a
 * minor version of this package: the shell must be deployed with it before a remote relies on it
 * (a remote gets the host's copy of the singleton).
 */
export {
  BrowserRouter,
  Link,
  matchPath,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useRoutes,
  useSearchParams,
} from 'react-router';
export type { RouteObject } from 'react-router';
