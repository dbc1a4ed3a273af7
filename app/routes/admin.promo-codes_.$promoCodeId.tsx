import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PromoCodeForm } from "~/components/promo-code-form";
import { readPromoCodeSubmission } from "~/web/forms/promo-code-form.server";
import { getPromoCode, updatePromoCode } from "~/models/promotions/promo-codes.server";
import { guardAction } from "~/web/guard-action.server";
import { requireAdmin } from "~/web/auth.server";
import { idParam, invariantResponse } from "~/utils/invariant";
import { redirectWithToast } from "~/web/toast.server";
import { Unbroken } from "~/components/ui/unbroken";

const NOT_FOUND = "Código promocional no encontrado";

/** A route id that is not a whole number is a code that does not exist. */

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.promoCode.code ?? "Código promocional"} | Panel Administrativo` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const promoCode = await getPromoCode(idParam(params.promoCodeId, NOT_FOUND));
  invariantResponse(promoCode, NOT_FOUND, { status: 404 });
  return json({ promoCode });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await guardAction(request);
  await requireAdmin(request);
  const id = idParam(params.promoCodeId, NOT_FOUND);
  const { refusal, input, refuse } = await readPromoCodeSubmission(request);
  if (refusal) return refusal;
  const updated = await updatePromoCode(id, input);
  if (!updated.ok) {
    invariantResponse(updated.error !== "not-found", NOT_FOUND, { status: 404 });
    return refuse(updated);
  }
  return redirectWithToast(request, "/admin/promo-codes", {
    title: "Código actualizado",
    description: `Se guardaron los cambios de ${updated.promoCode.code}.`,
  });
}

export default function EditPromoCodeRoute() {
  const { promoCode } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const maxUses = promoCode.maxUses > 0 ? ` de ${promoCode.maxUses}` : "";
  return (
    <div className="space-y-6">
      <div>
        <Link to="/admin/promo-codes" className="text-accent text-sm underline">
          ← Códigos Promocionales
        </Link>
        <h1 className="mt-2 text-2xl font-semibold">
          Editar código <Unbroken>{promoCode.code}</Unbroken>
        </h1>
        <p className="text-fg-muted text-sm">
          Usos: {promoCode.currentUses}
          {maxUses}
        </p>
      </div>
      <PromoCodeForm promoCode={promoCode} result={actionData?.result} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
