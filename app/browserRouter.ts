/**
 * The app's only use of React Router's UNSAFE_ exports, which may change in any minor release:
 * the browser router as createBrowserRouter makes it (react-router's lib/dom/lib.js), in two tasks
 * so that ranking the route table and starting the first navigation do not make one long task.
 * browserRouter.test.ts fails when the installed react-router is not the version this was written for.
 */
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createRouter as createRouter,
  type DataRouter,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  UNSAFE_defaultMapRouteProperties as mapRouteProperties,
  type RouteObject,
} from "react-router";
import { nextTask } from "./shell/nextTask.ts";

/** The react-router release (major.minor) whose internals this file follows. */
export const WRITTEN_FOR_REACT_ROUTER = "8.5";

/** createBrowserRouter(routes), with the first navigation started in a task of its own. */
export async function createBrowserRouterInSteps(routes: RouteObject[]): Promise<DataRouter> {
  const router = createRouter({
    history: createBrowserHistory(),
    routes,
    mapRouteProperties,
    hydrationRouteProperties,
  });
  await nextTask();
  return router.initialize();
}
