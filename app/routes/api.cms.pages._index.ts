import { apiCall, apiRoute } from "~/web/api/calls.server";
import { pageOfList } from "~/web/api/lists.server";
import { cmsCalls, toActiveCmsPage, toCmsPage } from "~/web/api/calls/content-cms.server";
import { getActiveCmsPage, getCmsPage, listCmsPages } from "~/models/content/cms.server";

export const { loader, action } = apiRoute({
  GET: apiCall(cmsCalls.list, async ({ caller, query }) => {
    // /admin/cms' "all" tab names every page; a handful, each read with its cleaned HTML.
    const summaries = await listCmsPages("all");
    const pages = [];
    for (const { key } of summaries) {
      if (caller.isAdmin) {
        const page = await getCmsPage(key);
        if (page) pages.push(toCmsPage(page));
      } else {
        const page = await getActiveCmsPage(key);
        if (page) pages.push(toActiveCmsPage(page));
      }
    }
    return pageOfList(query, pages);
  }),
});
