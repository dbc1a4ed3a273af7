import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

/**
 * D3: with JS, the page's loaders (the header's unread count among them) run again every `ms`
 * while the tab is visible. A hidden tab asks nothing; when it is shown again it revalidates
 * once at once and the interval starts over. Without JS every page load is fresh anyway.
 * `null` asks nothing (a page that polls only while something is under way).
 */
export function useRevalidateOnInterval(ms: number | null) {
  // `revalidate` is the router's own method: the same function on every render.
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (ms === null) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    const start = () => {
      clearInterval(timer);
      timer = setInterval(revalidate, ms);
    };
    const onVisibilityChange = () => {
      clearInterval(timer);
      if (document.visibilityState !== "visible") return;
      revalidate();
      start();
    };
    if (document.visibilityState === "visible") start();
    document.addEventListener("visibilitychange", onVisibilityChange);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibilityChange);
    };
  }, [revalidate, ms]);
}
