import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { FormErrorAlert } from "~/components/auth/auth-card";
import { AddressFields, NameFields, PhoneField } from "~/components/person-fields";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/input";
import { useIsPending } from "~/hooks/use-is-pending";
import { PROFILE_MESSAGES, ProfileSchema } from "~/models/customers/users";
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
  const submission = parseWithZod(await request.formData(), { schema: ProfileSchema });
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
  const [form, fields] = useForm({
    id: "profile",
    lastResult: actionData?.result,
    defaultValue: defaults,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProfileSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="max-w-xl space-y-4">
      <FormErrorAlert id={form.errorId} title="No se pudo guardar" errors={form.errors} />
      <NameFields firstName={fields.firstName} lastName={fields.lastName} />
      <Field
        label="Correo electrónico"
        errors={fields.email.errors}
        {...getInputProps(fields.email, { type: "email" })}
        autoComplete="email"
      />
      <PhoneField label="Teléfono (opcional)" meta={fields.phone} />
      <AddressFields
        favoriteAddress1={fields.favoriteAddress1}
        favoriteAddress2={fields.favoriteAddress2}
      />
      <Button type="submit" disabled={pending}>
        {pending ? "Guardando..." : "Guardar cambios"}
      </Button>
    </Form>
  );
}
