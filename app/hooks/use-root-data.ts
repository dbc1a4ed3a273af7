import { useRouteLoaderData } from "@remix-run/react";
import type { loader } from "~/root";

/** The root loader's data (signed-in user, theme, header counts, footer settings). */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}
