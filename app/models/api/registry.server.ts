import { dashboardCalls } from "~/models/analytics/api.server";
import { cartCalls } from "~/models/cart/api.server";
import { adminCatalogCalls } from "~/models/catalog/admin-api.server";
import { catalogCalls } from "~/models/catalog/api.server";
import { wishlistCalls } from "~/models/catalog/wishlist-api.server";
import { accountCalls } from "~/models/customers/api.server";
import { cmsCalls } from "~/models/content/cms-api.server";
import { messageCalls } from "~/models/content/messages-api.server";
import { pointsCalls } from "~/models/loyalty/shopper-api.server";
import { notificationCalls } from "~/models/notifications/api.server";
import { ordersCalls } from "~/models/orders/api.server";
import { reviewAdminCalls } from "~/models/reviews/admin-api.server";
import { reviewCalls } from "~/models/reviews/shopper-api.server";
import { settingsCalls } from "~/models/settings/api.server";
import type { CallDefinition } from "./calls.server";

/**
 * Every call the API serves, for the OpenAPI document: each domain declares its calls in its
 * own `api.server.ts` (or `<part>-api.server.ts`) and lists them here once, in the reference's
 * order: the shop's calls first, then the back office's.
 */
export const apiCalls: readonly CallDefinition[] = [
  catalogCalls,
  cartCalls,
  wishlistCalls,
  reviewCalls,
  pointsCalls,
  ordersCalls,
  notificationCalls,
  settingsCalls,
  cmsCalls,
  accountCalls,
  dashboardCalls,
  adminCatalogCalls,
  reviewAdminCalls,
  messageCalls,
].flatMap((calls) => Object.values(calls) as CallDefinition[]);

const uploads = apiCalls
  .filter((call) => call.multipart && call.maxBodyBytes)
  .map((call) => ({
    method: call.method,
    pattern: new RegExp(`^${call.path.replace(/\{[^}]+\}/g, "[^/]+")}$`),
    maxBytes: call.maxBodyBytes!,
  }));

/**
 * The ceiling of a declared upload call's multipart body (POST /api/upload/payment-proof), or
 * null for every other request: the server's body rule (checkRequestBody) gives the large
 * allowance to these calls only (issue 37).
 */
export function uploadBodyMaxBytes(method: string, pathname: string): number | null {
  const upload = uploads.find((call) => call.method === method && call.pattern.test(pathname));
  return upload?.maxBytes ?? null;
}
