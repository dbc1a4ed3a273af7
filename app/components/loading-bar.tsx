import { useNavigation } from "@remix-run/react";

/**
 * The spec's "spinner while loading": a thin bar at the top of the page while Remix loads or
 * submits. It fades in after a short delay so quick navigations do not flicker.
 */
export function LoadingBar() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return (
    <div
      role="progressbar"
      aria-label="Cargando"
      aria-valuetext="Cargando…"
      className="bg-accent-soft fixed inset-x-0 top-0 z-60 h-1 overflow-hidden transition-opacity delay-150 duration-200 starting:opacity-0"
    >
      <div className="animate-loading-bar bg-accent h-full w-2/5 motion-reduce:w-full motion-reduce:animate-pulse" />
    </div>
  );
}
