import { adminCatalogCalls } from "~/models/catalog/admin-api.server";
import { catalogCalls } from "~/models/catalog/api.server";
import { cmsCalls } from "~/models/content/cms-api.server";
import { messageCalls } from "~/models/content/messages-api.server";
import { reviewAdminCalls } from "~/models/reviews/admin-api.server";
import { settingsCalls } from "~/models/settings/api.server";
import type { CallDefinition } from "./calls.server";

/**
 * Every call the API serves, for the OpenAPI document: each domain declares its calls in its
 * own `api.server.ts` and lists them here once.
 */
export const apiCalls: readonly CallDefinition[] = [
  catalogCalls,
  adminCatalogCalls,
  reviewAdminCalls,
  messageCalls,
  settingsCalls,
  cmsCalls,
].flatMap((calls) => Object.values(calls) as CallDefinition[]);
