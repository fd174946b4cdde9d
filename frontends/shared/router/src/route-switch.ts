import { createElement, type ReactNode } from 'react';
import { Route, Switch } from 'wouter';

/** A page of a route table: its absolute path (`/meals/:mealId`), or none for "every other URL". */
export interface RouteEntry {
  path?: string;
  element: ReactNode;
}

/** Renders the first entry of the table whose path matches the URL (an entry without a path matches any). */
export function RouteSwitch({ routes }: { routes: ReadonlyArray<RouteEntry> }): ReactNode {
  return createElement(
    Switch,
    null,
    routes.map(({ path, element }) => createElement(Route, { key: path ?? '*', path }, element)),
  );
}
