import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { EmailChangeLinkPage } from "~/components/auth/email-change-link";
import { guardAction } from "~/web/guard-action.server";
import { findEmailChange, undoEmailChange } from "~/models/customers/email-change.server";
import { ACCOUNT_CHANGE_MESSAGES } from "~/models/customers/users";
import { getSessionStorage } from "~/web/session.server";
import { redirectWithToast } from "~/web/toast.server";

/*
 * /undo-email-change?token=… (decision 129): the link sent to the old address when a new
 * sign-in e-mail was asked for, good for 7 days. The post ends the request, puts the old address
 * back if it was already confirmed, and ends every session of the account; the owner signs in
 * again and is advised to create a new password.
 */

export const meta: MetaFunction = () => [
  { title: "Deshacer el cambio de correo | Perfumería de Lujo" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const change = await findEmailChange("undo", token);
  return json(
    change ? { token, email: change.oldEmail } : { token: null, email: null },
    change ? undefined : { status: 400 },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  await guardAction(request);
  const token = String((await request.formData()).get("token") ?? "");
  const result = await undoEmailChange(token);
  if (!result.ok) {
    const refusal =
      result.reason === "taken"
        ? ACCOUNT_CHANGE_MESSAGES.undoTaken
        : ACCOUNT_CHANGE_MESSAGES.invalidLink;
    return json({ refusal }, { status: result.reason === "taken" ? 409 : 400 });
  }
  // Every session of the account ended; the toast travels on a fresh, anonymous one.
  const session = await getSessionStorage(request).getSession();
  return redirectWithToast(
    request,
    "/login",
    {
      title: ACCOUNT_CHANGE_MESSAGES.undone,
      description: ACCOUNT_CHANGE_MESSAGES.undoneDescription(result.email),
    },
    { session },
  );
}

export default function UndoEmailChangeRoute() {
  const { token, email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <EmailChangeLinkPage
      token={token}
      title={ACCOUNT_CHANGE_MESSAGES.undoTitle}
      text={`Tu cuenta volverá a entrar con ${email ?? ""} y cerraremos todas sus sesiones.`}
      button={ACCOUNT_CHANGE_MESSAGES.undoButton}
      refusal={actionData?.refusal ?? null}
    />
  );
}
