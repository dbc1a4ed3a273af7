import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useServerForm } from "~/components/forms/server-form";
import { AddressFields } from "~/components/person-fields";
import { Button } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";
import { PROFILE_MESSAGES } from "~/models/customers/users";
import { parseAddressesForm, type AddressesSchema } from "~/models/customers/account-forms.server";
import { updateProfile } from "~/models/customers/users.server";
import { guardAction } from "~/web/guard-action.server";
import { requireUserOrUnauthorized } from "~/web/auth.server";
import { redirectWithToast } from "~/web/toast.server";

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
  const submission = parseAddressesForm(await request.formData());
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
  // The action checks the post; its reply shows here, with or without JS (decision 109).
  const { form, field } = useServerForm<typeof AddressesSchema>({
    id: "addresses",
    lastResult: actionData?.result,
    defaultValue: defaults,
  });
  return (
    <Form method="post" {...form.props} className="max-w-xl space-y-4">
      <p className="text-fg-muted text-sm">
        Tu dirección principal completa el formulario de envío al pagar.
      </p>
      <AddressFields
        favoriteAddress1={field("favoriteAddress1")}
        favoriteAddress2={field("favoriteAddress2")}
      />
      <Button type="submit" disabled={pending}>
        {pending ? "Guardando..." : "Guardar direcciones"}
      </Button>
    </Form>
  );
}
