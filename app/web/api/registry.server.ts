import { dashboardCalls } from "~/web/api/calls/analytics.server";
import { cartCalls } from "~/web/api/calls/cart.server";
import { adminCatalogCalls } from "~/web/api/calls/catalog-admin.server";
import { catalogCalls } from "~/web/api/calls/catalog.server";
import { wishlistCalls } from "~/web/api/calls/catalog-wishlist.server";
import { accountCalls } from "~/web/api/calls/customers.server";
import { cmsCalls } from "~/web/api/calls/content-cms.server";
import { messageCalls } from "~/web/api/calls/content-messages.server";
import { pointsCalls } from "~/web/api/calls/loyalty.server";
import { notificationCalls } from "~/web/api/calls/notifications.server";
import { ordersCalls } from "~/web/api/calls/orders.server";
import { reviewAdminCalls } from "~/web/api/calls/reviews-admin.server";
import { reviewCalls } from "~/web/api/calls/reviews.server";
import { settingsCalls } from "~/web/api/calls/settings.server";
import type { CallDefinition } from "./calls.server";

/**
 * Every call the API serves, for the OpenAPI document: each domain's calls are declared in
 * `calls/<domain>.server.ts` (or `calls/<domain>-<part>.server.ts`) and listed here once, in the
 * reference's order: the shop's calls first, then the back office's.
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
