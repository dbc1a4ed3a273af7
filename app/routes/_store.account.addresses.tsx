import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AddressFields } from "~/components/person-fields";
import { Button } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";
import { AddressesSchema, PROFILE_MESSAGES } from "~/models/customers/users";
import { updateProfile } from "~/models/customers/users.server";
import { guardAction } from "~/models/auth/guard-action.server";
import { requireUserOrUnauthorized } from "~/models/auth/auth.server";
import { redirectWithToast } from "~/utils/toast.server";

/*
 * /account/addresses, the Direcciones tab: the two favourite addresses that checkout offers,
 * saved through the same updateProfile as the profile's personal tab.
 */

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserOrUnauthorized(request);
  return json({
    defaults: {
      favoriteAddress1: user.favoriteAddress1 ?? "",
      favoriteAddress2: user.favoriteAddress2 ?? "",
    },
  });
}

export async function action({ request }: ActionFunctionArgs) {
  await guardAction(request);
  const user = await requireUserOrUnauthorized(request);
  const submission = parseWithZod(await request.formData(), { schema: AddressesSchema });
  if (submission.status !== "success") {
    return json({ result: submission.reply() }, { status: 400 });
  }
  // No e-mail among the changes, so the only refusal (`email-taken`) cannot happen here.
  await updateProfile(user.id, submission.value);
  return redirectWithToast(request, "/account/addresses", {
    title: PROFILE_MESSAGES.addressesUpdated,
  });
}

export default function AccountAddressesTab() {
  const { defaults } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useForm({
    id: "addresses",
    lastResult: actionData?.result,
    defaultValue: defaults,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AddressesSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="max-w-xl space-y-4">
      <p className="text-fg-muted text-sm">
        Tu dirección principal completa el formulario de envío al pagar.
      </p>
      <AddressFields
        favoriteAddress1={fields.favoriteAddress1}
        favoriteAddress2={fields.favoriteAddress2}
      />
      <Button type="submit" disabled={pending}>
        {pending ? "Guardando..." : "Guardar direcciones"}
      </Button>
    </Form>
  );
}
