import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AddressFields, NameFields } from "~/components/person-fields";
import { AuthCard, FormErrorAlert } from "~/components/auth/auth-card";
import { Button } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";
import { CompleteProfileSchema } from "~/models/customers/users";
import { completeProfile } from "~/models/customers/users.server";
import { guardAction } from "~/models/auth/guard-action.server";
import { requireUser } from "~/models/auth/auth.server";
import { PHONE_PREFIX } from "~/utils/phone";
import { redirectWithToast } from "~/utils/toast.server";

function formatLocalPhone(value: string) {
  const digits = value.replace(/\D/g, "").slice(0, 8);
  return digits.length > 4 ? `${digits.slice(0, 4)}-${digits.slice(4)}` : digits;
}

export const meta: MetaFunction = () => [{ title: "Completa tu perfil | Perfumería de Lujo" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return json({
    defaults: {
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone?.replace(PHONE_PREFIX, "") ?? "",
      favoriteAddress1: user.favoriteAddress1 ?? "",
      favoriteAddress2: user.favoriteAddress2 ?? "",
    },
  });
}

export async function action({ request }: ActionFunctionArgs) {
  await guardAction(request);
  const user = await requireUser(request);
  const submission = parseWithZod(await request.formData(), { schema: CompleteProfileSchema });
  if (submission.status !== "success") {
    return json({ result: submission.reply() }, { status: 400 });
  }
  await completeProfile(user.id, submission.value);
  return redirectWithToast(request, "/", { title: "Perfil completado!" });
}

export default function CompleteProfileRoute() {
  const { defaults } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useForm({
    id: "complete-profile",
    lastResult: actionData?.result,
    defaultValue: defaults,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CompleteProfileSchema }),
  });
  return (
    <AuthCard
      title="Completa tu perfil"
      subtitle="Necesitamos estos datos para entregar tus pedidos."
    >
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrorAlert
          id={form.errorId}
          title="Error al completar el perfil"
          errors={form.errors}
        />
        <NameFields firstName={fields.firstName} lastName={fields.lastName} />
        <div>
          <label htmlFor={fields.phone.id} className="mb-1 block text-sm font-medium">
            Teléfono
          </label>
          <div className="flex items-stretch">
            <span
              className="border-border bg-surface-muted flex items-center rounded-l-lg border border-r-0 px-3 text-sm"
              aria-hidden="true"
            >
              +504
            </span>
            <input
              {...getInputProps(fields.phone, { type: "tel" })}
              aria-describedby={fields.phone.errors ? fields.phone.errorId : undefined}
              maxLength={9}
              inputMode="numeric"
              placeholder="0000-0000"
              autoComplete="tel-local"
              className="border-border bg-surface w-full rounded-r-lg border px-3 py-2"
              onChange={(event) => {
                event.currentTarget.value = formatLocalPhone(event.currentTarget.value);
              }}
            />
          </div>
          {fields.phone.errors ? (
            <p id={fields.phone.errorId} className="text-danger mt-1 text-sm">
              {fields.phone.errors[0]}
            </p>
          ) : null}
        </div>
        <AddressFields
          favoriteAddress1={fields.favoriteAddress1}
          favoriteAddress2={fields.favoriteAddress2}
        />
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? "Guardando..." : "Guardar y continuar"}
        </Button>
      </Form>
    </AuthCard>
  );
}
