import type { Migration } from "kysely";
import * as initialSchema from "./20261122T0000-initial-schema";
import * as productSearch from "./20261201T0000-product-search";
import * as checkout from "./20261215T0000-checkout";
import * as proofHash from "./20261220T0000-proof-hash";
import * as orderStatusEvents from "./20261221T0000-order-status-events";
import * as oneSetOfContactDetails from "./20261222T0600-one-set-of-contact-details";
import * as storefrontListIndexes from "./20261223T0100-storefront-list-indexes";
import * as pageCacheVersion from "./20261223T0200-page-cache-version";
import * as sharedCounters from "./20261223T0300-shared-counters";
import * as transferDeadlines from "./20261225T0200-transfer-deadlines";
import * as jobRunOutcomes from "./20261226T0100-job-run-outcomes";
import * as sessionActivity from "./20261227T0300-session-activity";
import * as mail from "./20261228T0100-mail";
import * as pageCacheQuietStock from "./20261229T0100-page-cache-quiet-stock";
import * as apiTokens from "./20261230T0100-api-tokens";
import * as emailChanges from "./20261231T0100-email-changes";
import * as outboxLinks from "./20261231T0130-outbox-links";
import * as apiTokenExpiry from "./20261231T0200-api-token-expiry";
import * as deliveryWindow from "./20261231T0300-delivery-window";
import * as twoFactor from "./20270101T0100-two-factor";
import * as sessionDevices from "./20270101T0200-session-devices";
import * as passkeys from "./20270101T0300-passkeys";
import * as paymentMethods from "./20270102T0100-payment-methods";
import * as fiscalDocuments from "./20270103T0100-fiscal-documents";
import * as invoicing from "./20270104T0100-invoicing";

/**
 * Every migration, by name. Listed statically (not read from the folder at run
 * time) so that the server bundle carries them and `remix-serve` can migrate
 * without the TypeScript sources.
 */
export const migrations: Record<string, Migration> = {
  "20261122T0000-initial-schema": initialSchema,
  "20261201T0000-product-search": productSearch,
  "20261215T0000-checkout": checkout,
  "20261220T0000-proof-hash": proofHash,
  "20261221T0000-order-status-events": orderStatusEvents,
  "20261222T0600-one-set-of-contact-details": oneSetOfContactDetails,
  "20261223T0100-storefront-list-indexes": storefrontListIndexes,
  "20261223T0200-page-cache-version": pageCacheVersion,
  "20261223T0300-shared-counters": sharedCounters,
  "20261225T0200-transfer-deadlines": transferDeadlines,
  "20261226T0100-job-run-outcomes": jobRunOutcomes,
  "20261227T0300-session-activity": sessionActivity,
  "20261228T0100-mail": mail,
  "20261229T0100-page-cache-quiet-stock": pageCacheQuietStock,
  "20261230T0100-api-tokens": apiTokens,
  "20261231T0100-email-changes": emailChanges,
  "20261231T0130-outbox-links": outboxLinks,
  "20261231T0200-api-token-expiry": apiTokenExpiry,
  "20261231T0300-delivery-window": deliveryWindow,
  "20270101T0100-two-factor": twoFactor,
  "20270101T0200-session-devices": sessionDevices,
  "20270101T0300-passkeys": passkeys,
  "20270102T0100-payment-methods": paymentMethods,
  "20270103T0100-fiscal-documents": fiscalDocuments,
  "20270104T0100-invoicing": invoicing,
};
