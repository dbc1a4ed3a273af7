import { catalogCalls } from "~/models/catalog/api.server";
import { accountCalls } from "~/models/customers/api.server";
import type { CallDefinition } from "./calls.server";

/**
 * Every call the API serves, for the OpenAPI document: each domain declares its calls in its
 * own `api.server.ts` and lists them here once.
 */
export const apiCalls: readonly CallDefinition[] = [catalogCalls, accountCalls].flatMap(
  (calls) => Object.values(calls) as CallDefinition[],
);
