import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * A `<details>` menu opens and closes without JavaScript. With it, links navigate client-side
 * and the menu stays mounted, so fold it on every navigation, but not at hydration: a menu the
 * shopper opened before the JavaScript arrived stays open.
 */
export function useCloseOnNavigation() {
  const ref = useRef<HTMLDetailsElement>(null);
  const { key } = useLocation();
  const shownKey = useRef(key);
  useEffect(() => {
    if (key === shownKey.current) return;
    shownKey.current = key;
    if (ref.current) ref.current.open = false;
  }, [key]);
  return ref;
}
