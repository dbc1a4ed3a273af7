import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/web/auth.server";
import { getOutboxEmailHtml } from "~/models/mail/outbox-admin.server";
import { idParam, invariantResponse } from "~/utils/invariant";
import { SANDBOXED_DOCUMENT_HEADERS } from "~/utils/security.server";

const EMAIL_NOT_FOUND = "Correo no encontrado";

/**
 * An e-mail's HTML as it was sent, for the sandboxed frame of /admin/correos/:emailId: its own
 * strict CSP, framed by our pages only (decision 107).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const html = await getOutboxEmailHtml(idParam(params.emailId, EMAIL_NOT_FOUND));
  invariantResponse(html !== undefined, EMAIL_NOT_FOUND, { status: 404 });
  return new Response(html, { headers: SANDBOXED_DOCUMENT_HEADERS });
}
