import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * A `<details>` menu opens and closes without JavaScript. With it, links navigate client-side
 * and the menu stays mounted, so fold it on every navigation.
 */
export function useCloseOnNavigation() {
  const ref = useRef<HTMLDetailsElement>(null);
  const { key } = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [key]);
  return ref;
}
