import { UNSAFE_RemixContext as RemixContext } from "@remix-run/react";
import {
  createElement,
  lazy,
  Suspense,
  useContext,
  useMemo,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from "react";

/**
 * Decision 112: a part of a page that shows only after a choice, or on an error. The server
 * renders it at once from `onServer` (a `*-render.server.ts` re-export, so its code stays out of
 * the browser build, where the import is empty); the browser loads `load()` when the part is
 * first shown and, inside the caller's `ShownLaterBoundary` (never a bare Suspense: decision
 * 126), hydrates the server's HTML once that code arrives. `onFailure`
 * is shown instead when the code cannot be fetched (the connection is gone); without it the
 * failure reaches the nearest error boundary.
 */
export function shownLater<Props extends object>(
  onServer: ComponentType<Props>,
  load: () => Promise<ComponentType<Props>>,
  onFailure?: ComponentType<Props>,
): ComponentType<Props> | LazyExoticComponent<ComponentType<Props>> {
  if (typeof document === "undefined") return onServer;
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        if (onFailure) return { default: onFailure };
        throw error;
      },
    ),
  );
}

/**
 * Decision 126: the Suspense boundary of a part shown later, which keeps the server's HTML (and
 * what the shopper opened, chose and typed in it) until the part's code has come. React 18 throws
 * away a boundary's HTML that gets an update outside a transition before it has hydrated, and
 * renders it afresh (error #421). Remix's <RemixBrowser> sends one on every navigation: its
 * RemixContext is a new object with the same contents, and React passes a context change into
 * every boundary still waiting for its code. Here that context is the same object for as long
 * as its contents are, and a provider of the same context stops React's walk; the router's own
 * updates are transitions, which React holds until the boundary has hydrated, and so is
 * RemixBrowser's copy of the location (scripts/patches, decision 154).
 */
export function ShownLaterBoundary({ children }: { children: ReactNode }) {
  const remix = useContext(RemixContext);
  const steady = useMemo(
    () => remix,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- its contents, not the object
    [remix?.manifest, remix?.routeModules, remix?.future, remix?.criticalCss, remix?.isSpaMode],
  );
  // The same element while the parent does not render again: this component's own render (the
  // context above changed) must not reach the boundary as new props.
  const boundary = useMemo(() => createElement(Suspense, { fallback: null }, children), [children]);
  return createElement(RemixContext.Provider, { value: steady }, boundary);
}
