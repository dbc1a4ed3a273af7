import type { ActionFunctionArgs } from "@remix-run/node";
import { passkeyRegistrationAction } from "~/web/passkeys.server";

/** Decision 165: adding a passkey on /profile/security (options, then the browser's answer). */
export async function action({ request }: ActionFunctionArgs) {
  return passkeyRegistrationAction(request);
}
