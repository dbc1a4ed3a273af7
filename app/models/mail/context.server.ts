import { getSettings } from "~/models/settings/settings.server";
import { getEnv } from "~/utils/env.server";
import { shopIdentity, type MailContext } from "./outbox.server";

/**
 * The store's settings and identity for the e-mails of a change. Read it before the change's
 * transaction: on SQLite the transaction holds the one connection until it ends.
 */
export async function getMailContext(): Promise<MailContext> {
  const settings = await getSettings();
  return { settings, shop: shopIdentity(settings, getEnv().appUrl) };
}
