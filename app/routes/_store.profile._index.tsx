import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { FormErrorAlert } from "~/components/auth/auth-card";
import { fieldProps, useServerForm } from "~/components/forms/server-form";
import { AddressFields, NameFields, PhoneField } from "~/components/person-fields";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/input";
import { useIsPending } from "~/hooks/use-is-pending";
import {
  ACCOUNT_CHANGE_MESSAGES,
  passwordCheckMessage,
  PROFILE_MESSAGES,
} from "~/models/customers/users";
import { parseProfileForm, type ProfileSchema } from "~/models/customers/account-forms.server";
import {
  checkCurrentPassword,
  normalizeEmail,
  updateProfile,
} from "~/models/customers/users.server";
import { getPendingEmail, requestEmailChange } from "~/models/customers/email-change.server";
import { getMailContext } from "~/models/mail/context.server";
import { guardAction } from "~/web/guard-action.server";
import { requireUser } from "~/web/auth.server";
import { redirectWithToast } from "~/web/toast.server";

/*
 * /profile, the personal tab (backoffice.md §2, §5): name, e-mail, phone and the two favourite
 * addresses. A new sign-in e-mail asks for the current password and waits for the link sent to
 * it (decision 129); the answer is the same whether or not the address has an account.
 */

export const meta: MetaFunction = () => [{ title: "Mi Perfil | Perfumería de Lujo" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return json({
    defaults: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: user.phone ?? "",
      favoriteAddress1: user.favoriteAddress1 ?? "",
      favoriteAddress2: user.favoriteAddress2 ?? "",
    },
    pendingEmail: await getPendingEmail(user.id),
  });
}

const HIDE_FIELDS = ["currentPassword"];

export async function action({ request }: ActionFunctionArgs) {
  await guardAction(request);
  const user = await requireUser(request);
  const submission = parseProfileForm(await request.formData());
  if (submission.status !== "success") {
    return json({ result: submission.reply({ hideFields: HIDE_FIELDS }) }, { status: 400 });
  }
  const { email, currentPassword, ...details } = submission.value;
  const newEmail = normalizeEmail(email) === user.email ? null : email;
  if (newEmail !== null) {
    // Checked before anything is saved: a refused post changes nothing.
    const check = await checkCurrentPassword(user.id, currentPassword);
    if (check !== "ok") {
      const message = passwordCheckMessage(check, "email");
      const field = check === "no-password" ? "email" : "currentPassword";
      return json(
        {
          result: submission.reply({
            hideFields: HIDE_FIELDS,
            fieldErrors: { [field]: [message] },
          }),
        },
        { status: check === "too-many" ? 429 : 400 },
      );
    }
  }
  await updateProfile(user.id, details);
  if (newEmail !== null) {
    await requestEmailChange({ userId: user.id, newEmail }, await getMailContext());
  }
  return redirectWithToast(request, "/profile", {
    title: PROFILE_MESSAGES.updated,
    ...(newEmail !== null
      ? { description: ACCOUNT_CHANGE_MESSAGES.emailLinkSent(normalizeEmail(newEmail)) }
      : {}),
  });
}

export default function ProfilePersonalRoute() {
  const { defaults, pendingEmail } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  // The action checks the post; its reply shows here, with or without JS (decision 109).
  const { form, field } = useServerForm<typeof ProfileSchema>({
    id: "profile",
    lastResult: actionData?.result,
    defaultValue: defaults,
  });
  return (
    // A new pending address starts the form afresh: the typed e-mail and password go.
    <Form key={pendingEmail ?? ""} method="post" {...form.props} className="max-w-xl space-y-4">
      <FormErrorAlert
        id={form.errorId}
        title="No se pudo actualizar el perfil"
        errors={form.errors}
        refused={form.refused}
      />
      <NameFields firstName={field("firstName")} lastName={field("lastName")} />
      <Field
        label="Correo electrónico"
        type="email"
        {...fieldProps(field("email"))}
        autoComplete="email"
      />
      {pendingEmail ? (
        <p className="text-fg-muted text-sm" role="status">
          {ACCOUNT_CHANGE_MESSAGES.pending(pendingEmail)}
        </p>
      ) : null}
      <Field
        label="Contraseña actual (solo para cambiar el correo)"
        type="password"
        {...fieldProps(field("currentPassword"))}
        autoComplete="current-password"
      />
      <PhoneField label="Teléfono (opcional)" field={field("phone")} />
      <AddressFields
        favoriteAddress1={field("favoriteAddress1")}
        favoriteAddress2={field("favoriteAddress2")}
      />
      <Button type="submit" disabled={pending}>
        {pending ? "Guardando..." : "Guardar cambios"}
      </Button>
    </Form>
  );
}
