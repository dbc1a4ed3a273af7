import type { ActionFunctionArgs } from "@remix-run/node";
import { passkeySignInAction } from "~/web/passkeys.server";

/** Decision 165: 'Entrar con llave de acceso' on /login (options, then the browser's answer). */
export async function action({ request, context }: ActionFunctionArgs) {
  return passkeySignInAction(request, context.clientIp ?? "unknown");
}
