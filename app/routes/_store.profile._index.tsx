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
import { PROFILE_MESSAGES } from "~/models/customers/users";
import { parseProfileForm, type ProfileSchema } from "~/models/customers/account-forms.server";
import { updateProfile } from "~/models/customers/users.server";
import { guardAction } from "~/models/auth/guard-action.server";
import { requireUser } from "~/models/auth/auth.server";
import { redirectWithToast } from "~/utils/toast.server";

/*
 * /profile, the personal tab (backoffice.md §2, §5): name, e-mail, phone and the two favourite
 * addresses. A changed e-mail must stay free (the model answers `email-taken`).
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
  });
}

export async function action({ request }: ActionFunctionArgs) {
  await guardAction(request);
  const user = await requireUser(request);
  const submission = parseProfileForm(await request.formData());
  if (submission.status !== "success") {
    return json({ result: submission.reply() }, { status: 400 });
  }
  const result = await updateProfile(user.id, submission.value);
  if (!result.ok) {
    return json(
      { result: submission.reply({ fieldErrors: { email: [PROFILE_MESSAGES.emailTaken] } }) },
      { status: 409 },
    );
  }
  return redirectWithToast(request, "/profile", { title: PROFILE_MESSAGES.updated });
}

export default function ProfilePersonalRoute() {
  const { defaults } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  // The action checks the post; its reply shows here, with or without JS (decision 109).
  const { form, field } = useServerForm<typeof ProfileSchema>({
    id: "profile",
    lastResult: actionData?.result,
    defaultValue: defaults,
  });
  return (
    <Form method="post" {...form.props} className="max-w-xl space-y-4">
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
