import { apiRoute } from "~/web/api/calls.server";
import { openApiDocument } from "~/web/api/openapi.server";
import { apiJsonWithEtag } from "~/web/api/problem.server";

let document: ReturnType<typeof openApiDocument> | undefined;

/** The API's OpenAPI 3.1 document, made once per process from the calls' declarations. */
export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    document ??= openApiDocument();
    return apiJsonWithEtag(request, document);
  },
});
