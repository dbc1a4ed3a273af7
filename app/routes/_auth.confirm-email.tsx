import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { EmailChangeLinkPage } from "~/components/auth/email-change-link";
import { getUser } from "~/web/auth.server";
import { guardAction } from "~/web/guard-action.server";
import { confirmEmailChange, findEmailChange } from "~/models/customers/email-change.server";
import { ACCOUNT_CHANGE_MESSAGES } from "~/models/customers/users";
import { redirectWithToast } from "~/web/toast.server";

/*
 * /confirm-email?token=… (decision 129): the link sent to a new sign-in e-mail. The page names
 * the address and posts the token; the post makes it the account's e-mail and goes on with a
 * toast (to the profile when signed in as that account, else to sign in). Every bad link gets
 * one refusal and changes nothing.
 */

export const meta: MetaFunction = () => [
  { title: "Confirmar correo | Perfumería de Lujo" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const change = await findEmailChange("confirm", token);
  return json(
    change ? { token, email: change.newEmail } : { token: null, email: null },
    change ? undefined : { status: 400 },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  await guardAction(request);
  const token = String((await request.formData()).get("token") ?? "");
  const result = await confirmEmailChange(token);
  if (!result.ok) {
    const refusal =
      result.reason === "taken"
        ? ACCOUNT_CHANGE_MESSAGES.taken
        : ACCOUNT_CHANGE_MESSAGES.invalidLink;
    return json({ refusal }, { status: result.reason === "taken" ? 409 : 400 });
  }
  const user = await getUser(request);
  return redirectWithToast(request, user?.id === result.userId ? "/profile" : "/login", {
    title: ACCOUNT_CHANGE_MESSAGES.confirmed,
    description: ACCOUNT_CHANGE_MESSAGES.confirmedDescription(result.email),
  });
}

export default function ConfirmEmailRoute() {
  const { token, email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <EmailChangeLinkPage
      token={token}
      title={ACCOUNT_CHANGE_MESSAGES.confirmTitle}
      text={`Desde ahora entrarás a tu cuenta con ${email ?? ""}.`}
      button={ACCOUNT_CHANGE_MESSAGES.confirmButton}
      refusal={actionData?.refusal ?? null}
    />
  );
}
