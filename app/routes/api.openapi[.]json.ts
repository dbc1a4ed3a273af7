import { apiRoute } from "~/models/api/calls.server";
import { openApiDocument } from "~/models/api/openapi.server";
import { apiJsonWithEtag } from "~/utils/api.server";

let document: ReturnType<typeof openApiDocument> | undefined;

/** The API's OpenAPI 3.1 document, made once per process from the calls' declarations. */
export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    document ??= openApiDocument();
    return apiJsonWithEtag(request, document);
  },
});
