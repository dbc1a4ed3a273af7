import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { controlProps, useServerForm } from "~/components/forms/server-form";
import { AddressFields, NameFields } from "~/components/person-fields";
import { AuthCard, FormErrorAlert } from "~/components/auth/auth-card";
import { Button } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";
import {
  parseCompleteProfileForm,
  type CompleteProfileSchema,
} from "~/models/customers/account-forms.server";
import { completeProfile } from "~/models/customers/users.server";
import { guardAction } from "~/web/guard-action.server";
import { requireUser } from "~/web/auth.server";
import { PHONE_PREFIX } from "~/utils/phone";
import { redirectWithToast } from "~/web/toast.server";

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
  const submission = parseCompleteProfileForm(await request.formData());
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
  // The action checks the post; its reply shows here, with or without JS (decision 109).
  const { form, field } = useServerForm<typeof CompleteProfileSchema>({
    id: "complete-profile",
    lastResult: actionData?.result,
    defaultValue: defaults,
  });
  const phone = field("phone");
  return (
    <AuthCard
      title="Completa tu perfil"
      subtitle="Necesitamos estos datos para entregar tus pedidos."
    >
      <Form method="post" {...form.props} className="space-y-4">
        <FormErrorAlert
          id={form.errorId}
          title="Error al completar el perfil"
          errors={form.errors}
        />
        <NameFields firstName={field("firstName")} lastName={field("lastName")} />
        <div>
          <label htmlFor={phone.id} className="mb-1 block text-sm font-medium">
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
              type="tel"
              {...controlProps(phone)}
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
          {phone.errors ? (
            <p id={phone.errorId} className="text-danger mt-1 text-sm">
              {phone.errors[0]}
            </p>
          ) : null}
        </div>
        <AddressFields
          favoriteAddress1={field("favoriteAddress1")}
          favoriteAddress2={field("favoriteAddress2")}
        />
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? "Guardando..." : "Guardar y continuar"}
        </Button>
      </Form>
    </AuthCard>
  );
}
