import { lazy, type ComponentType, type LazyExoticComponent } from "react";

/**
 * Decision 112: a part of a page that shows only after a choice, or on an error. The server
 * renders it at once from `onServer` (a `*-render.server.ts` re-export, so its code stays out of
 * the browser build, where the import is empty); the browser loads `load()` when the part is
 * first shown and, inside the caller's Suspense boundary, hydrates the server's HTML once that
 * code arrives. `onFailure` is shown instead when the code cannot be fetched (the connection is
 * gone); without it the failure reaches the nearest error boundary.
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
