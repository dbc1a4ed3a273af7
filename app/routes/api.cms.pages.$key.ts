import { apiCall, apiRoute, switchesOnly } from "~/web/api/calls.server";
import {
  cmsCalls,
  cmsPageInputOf,
  toActiveCmsPage,
  toCmsPage,
} from "~/web/api/calls/content-cms.server";
import {
  getActiveCmsPage,
  getCmsPage,
  saveCmsPage,
  setCmsPageActive,
} from "~/models/content/cms.server";
import { invariantResponse } from "~/utils/invariant";

const NOT_FOUND = "Página no encontrada";

export const { loader, action } = apiRoute({
  GET: apiCall(cmsCalls.one, async ({ caller, params }) => {
    const key = params.key ?? "";
    if (caller.isAdmin) {
      const page = await getCmsPage(key);
      invariantResponse(page, NOT_FOUND, { status: 404 });
      return toCmsPage(page);
    }
    const page = await getActiveCmsPage(key);
    invariantResponse(page, NOT_FOUND, { status: 404 });
    return toActiveCmsPage(page);
  }),
  PUT: apiCall(cmsCalls.update, async ({ params, body }) => {
    const key = params.key ?? "";
    invariantResponse(await getCmsPage(key), NOT_FOUND, { status: 404 });
    if (switchesOnly(body)) {
      // A row's switch on /admin/cms: a page not saved yet has nothing to show (404, as there).
      const switched = await setCmsPageActive(key, body.isActive!);
      invariantResponse(switched.ok, NOT_FOUND, { status: 404 });
    } else {
      const saved = await saveCmsPage(key, cmsPageInputOf(body));
      invariantResponse(saved.ok, NOT_FOUND, { status: 404 });
    }
    return toCmsPage((await getCmsPage(key))!);
  }),
});
