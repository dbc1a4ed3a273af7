import { catalogCalls } from "~/models/catalog/api.server";
import type { CallDefinition } from "./calls.server";

/**
 * Every call the API serves, for the OpenAPI document: each domain declares its calls in its
 * own `api.server.ts` and lists them here once.
 */
export const apiCalls: readonly CallDefinition[] = [catalogCalls].flatMap(
  (calls) => Object.values(calls) as CallDefinition[],
);
