import type { StoreSettings } from "~/models/settings/settings";

/**
 * Where the e-mails for the shop itself go (a failed backup, and the order alerts): today the
 * contact e-mail of the settings. The one place to change when the shop gets an inbox of its
 * own for these (an `orders_email` setting).
 */
export function shopInbox(settings: StoreSettings) {
  return settings.contactEmail.trim();
}
