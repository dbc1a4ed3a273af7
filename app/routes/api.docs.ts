import { apiRoute } from "~/models/api/calls.server";
import { openApiDocument } from "~/models/api/openapi.server";
import { referencePage } from "~/models/api/reference.server";

let page: string | undefined;

/** The API reference: the OpenAPI document as a readable page, with no script. */
export const { loader, action } = apiRoute({
  GET: async () => {
    page ??= referencePage(openApiDocument());
    return new Response(page, {
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": "public, max-age=300",
        "Content-Security-Policy":
          "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      },
    });
  },
});
