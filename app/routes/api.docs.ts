import { apiRoute } from "~/web/api/calls.server";
import { openApiDocument } from "~/web/api/openapi.server";
import { referencePage } from "~/web/api/reference.server";
import { getTheme } from "~/utils/theme.server";

let document: ReturnType<typeof openApiDocument> | undefined;

/** The API reference: the OpenAPI document as a readable page, with no script. */
export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    document ??= openApiDocument();
    return new Response(referencePage(document, await getTheme(request)), {
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": "private, max-age=300",
        Vary: "Cookie",
        "Content-Security-Policy":
          "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      },
    });
  },
});
