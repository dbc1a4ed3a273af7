import { cartCalls } from "~/models/cart/api.server";
import { catalogCalls } from "~/models/catalog/api.server";
import { wishlistCalls } from "~/models/catalog/wishlist-api.server";
import { pointsCalls } from "~/models/loyalty/shopper-api.server";
import { notificationCalls } from "~/models/notifications/api.server";
import { reviewCalls } from "~/models/reviews/shopper-api.server";
import type { CallDefinition } from "./calls.server";

/**
 * Every call the API serves, for the OpenAPI document: each domain declares its calls in its
 * own `api.server.ts` and lists them here once.
 */
export const apiCalls: readonly CallDefinition[] = [
  catalogCalls,
  cartCalls,
  wishlistCalls,
  notificationCalls,
  reviewCalls,
  pointsCalls,
].flatMap((calls) => Object.values(calls) as CallDefinition[]);
