import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PromoCodeForm } from "~/components/promo-code-form";
import { readPromoCodeSubmission } from "~/web/forms/promo-code-form.server";
import { createPromoCode } from "~/models/promotions/promo-codes.server";
import { guardAction } from "~/web/guard-action.server";
import { requireAdmin } from "~/web/auth.server";
import { redirectWithToast } from "~/web/toast.server";

export const meta: MetaFunction = () => [
  { title: "Nuevo código promocional | Panel Administrativo" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json({});
}

export async function action({ request }: ActionFunctionArgs) {
  await guardAction(request);
  const admin = await requireAdmin(request);
  const { refusal, input, refuse } = await readPromoCodeSubmission(request);
  if (refusal) return refusal;
  const created = await createPromoCode(input, { createdBy: admin.id });
  if (!created.ok) {
    if (created.error === "not-found") throw new Error("createPromoCode cannot miss a row");
    return refuse(created);
  }
  return redirectWithToast(request, "/admin/promo-codes", {
    title: "Código creado",
    description: `Se creó el código ${created.promoCode.code}.`,
  });
}

export default function NewPromoCodeRoute() {
  const actionData = useActionData<typeof action>();
  return (
    <div className="space-y-6">
      <div>
        <Link to="/admin/promo-codes" className="text-accent text-sm underline">
          ← Códigos Promocionales
        </Link>
        <h1 className="mt-2 text-2xl font-semibold">Nuevo código promocional</h1>
      </div>
      <PromoCodeForm result={actionData?.result} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
