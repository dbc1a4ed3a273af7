import type { SerializeFrom } from "@remix-run/node";
import type { loader } from "./route";

/** The order as the page's parts receive it from the loader. */
export type PageOrder = SerializeFrom<typeof loader>["order"];
