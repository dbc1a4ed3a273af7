import { checkedByForm } from "~/web/api/problem.server";
import { apiCall, apiRoute } from "~/web/api/calls.server";
import { ADMIN_USER_REFUSALS } from "~/models/customers/admin";
import { addUserNote, listUserActivity } from "~/models/customers/admin.server";
import { UserNoteSchema } from "~/models/customers/admin-submission.server";
import { accountCalls, toActivityEntry, userIdParam } from "~/web/api/calls/customers.server";
import { invariantResponse } from "~/utils/invariant";

/**
 * The profile view's note form. Notes are entries of the history, never replaced: the old
 * app's PUT (adminNotes, unused by its screens) is not served, so PUT here answers 405.
 */
export const { loader, action } = apiRoute({
  POST: apiCall(accountCalls.addNote, async ({ user, params, body }) => {
    const id = userIdParam(params);
    const added = await addUserNote(user.id, id, checkedByForm(UserNoteSchema, body).note);
    invariantResponse(added.ok, ADMIN_USER_REFUSALS.notFound, { status: 404 });
    const [entry] = await listUserActivity(id, 1, { entryId: added.entryId });
    invariantResponse(entry, ADMIN_USER_REFUSALS.notFound, { status: 404 });
    return toActivityEntry(entry);
  }),
});
