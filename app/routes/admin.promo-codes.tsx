import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClasses } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { promoInUseMessage, promoValueLabel } from "~/models/promotions/promo-codes";
import {
  deletePromoCodeIfUnused,
  listPromoCodes,
  setPromoCodeActive,
  type AdminPromoCode,
} from "~/models/promotions/promo-codes.server";
import { guardAction } from "~/web/guard-action.server";
import { requireAdmin } from "~/web/auth.server";
import { formatDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { redirectWithToast } from "~/web/toast.server";
import { Unbroken } from "~/components/ui/unbroken";

const GONE = "El código ya no existe.";

export const meta: MetaFunction = () => [{ title: "Códigos Promocionales | Panel Administrativo" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json({ promoCodes: await listPromoCodes() });
}

/** The row buttons: activate, deactivate (the state posted is the state set) and delete. */
export async function action({ request }: ActionFunctionArgs) {
  await guardAction(request);
  await requireAdmin(request);
  const form = await request.formData();
  const intent = form.get("intent");
  const id = Number(form.get("promoCodeId"));
  if (!Number.isSafeInteger(id) || id <= 0) throw new Response("Bad Request", { status: 400 });
  const back = "/admin/promo-codes";

  if (intent === "activate" || intent === "deactivate") {
    const active = intent === "activate";
    const result = await setPromoCodeActive(id, active);
    if (!result.ok) {
      return redirectWithToast(request, back, {
        type: "error",
        title: "Error al actualizar el código",
        description: GONE,
      });
    }
    return redirectWithToast(request, back, {
      title: active ? "Código activado" : "Código desactivado",
      description: active
        ? `${result.code} se puede usar en la tienda.`
        : `${result.code} ya no se acepta en la tienda.`,
    });
  }
  if (intent !== "delete") throw new Response("Bad Request", { status: 400 });

  const deleted = await deletePromoCodeIfUnused(id);
  if (deleted.ok) {
    return redirectWithToast(request, back, {
      title: "Código eliminado",
      description: `Se eliminó el código ${deleted.code}.`,
    });
  }
  return redirectWithToast(request, back, {
    type: "error",
    title: "Error al eliminar el código",
    description: deleted.error === "in-use" ? promoInUseMessage(deleted.uses) : GONE,
  });
}

export default function AdminPromoCodesRoute() {
  const { promoCodes } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">Códigos Promocionales</h1>
          <p className="text-fg-muted text-sm">
            {promoCodes.length === 1 ? "1 código" : `${promoCodes.length} códigos`}
          </p>
        </div>
        <Link to="/admin/promo-codes/new" className={buttonClasses("primary")}>
          Nuevo código
        </Link>
      </div>
      {promoCodes.length === 0 ? (
        <p className="text-fg-muted">Aún no hay códigos promocionales.</p>
      ) : (
        <DataTable
          headings={[
            "Código",
            "Tipo",
            "Valor",
            "Compra mínima",
            "Usos",
            "Vigencia",
            "Estado",
            { label: "Acciones", hidden: true },
          ]}
        >
          {promoCodes.map((promoCode) => (
            <PromoCodeRow key={promoCode.id} promoCode={promoCode} />
          ))}
        </DataTable>
      )}
    </div>
  );
}

function validity({
  validFrom,
  validUntil,
}: {
  validFrom: string | null;
  validUntil: string | null;
}) {
  if (validFrom && validUntil) return `${formatDate(validFrom)} – ${formatDate(validUntil)}`;
  if (validFrom) return `Desde ${formatDate(validFrom)}`;
  if (validUntil) return `Hasta ${formatDate(validUntil)}`;
  return "Sin fechas";
}

function PromoCodeRow({ promoCode }: { promoCode: Omit<AdminPromoCode, "createdAt"> }) {
  const { id, code } = promoCode;
  return (
    <tr className="align-top">
      <th scope="row" className="px-3 py-2 font-mono font-semibold">
        <Unbroken>{code}</Unbroken>
        {promoCode.description ? (
          <span className="text-fg-muted block font-sans text-xs font-normal">
            {promoCode.description}
          </span>
        ) : null}
      </th>
      <td className="px-3 py-2">
        {promoCode.discountType === "percentage" ? "Porcentaje" : "Monto fijo"}
      </td>
      <td className="px-3 py-2 whitespace-nowrap">{promoValueLabel(promoCode)}</td>
      <td className="px-3 py-2 whitespace-nowrap">
        {promoCode.minOrderAmount > 0 ? formatMoney(promoCode.minOrderAmount) : "Sin mínimo"}
      </td>
      <td className="px-3 py-2 whitespace-nowrap">
        {promoCode.currentUses} / {promoCode.maxUses > 0 ? promoCode.maxUses : "sin límite"}
      </td>
      <td className="px-3 py-2">{validity(promoCode)}</td>
      <td className="px-3 py-2">
        {promoCode.isActive ? (
          <Badge variant="success">Activo</Badge>
        ) : (
          <Badge variant="neutral">Inactivo</Badge>
        )}
      </td>
      <td className="px-3 py-2">
        <div className="flex flex-wrap items-start gap-1">
          <Link
            to={`/admin/promo-codes/${id}`}
            aria-label={`Editar ${code}`}
            className={buttonClasses("secondary", "sm")}
          >
            Editar
          </Link>
          <Form method="post">
            <input type="hidden" name="promoCodeId" value={id} />
            <Button
              type="submit"
              name="intent"
              value={promoCode.isActive ? "deactivate" : "activate"}
              variant="ghost"
              size="sm"
              aria-label={`${promoCode.isActive ? "Desactivar" : "Activar"} ${code}`}
            >
              {promoCode.isActive ? "Desactivar" : "Activar"}
            </Button>
          </Form>
          {/* The confirmation works without JS: the delete button only shows once opened. */}
          <details className="relative">
            <summary
              className={`${buttonClasses("ghost", "sm")} text-danger cursor-pointer list-none`}
              aria-label={`Eliminar ${code}`}
            >
              Eliminar
            </summary>
            <div className="bg-surface absolute right-0 z-10 mt-1 w-72 space-y-2 rounded-md border p-3 shadow-lg">
              {promoCode.used ? (
                <p className="text-sm">{promoInUseMessage(promoCode.timesUsed)}</p>
              ) : (
                <Form method="post" className="space-y-2">
                  <p className="text-sm">
                    <Unbroken>{`¿Eliminar el código ${code}? No se puede deshacer.`}</Unbroken>
                  </p>
                  <input type="hidden" name="promoCodeId" value={id} />
                  <Button type="submit" name="intent" value="delete" variant="danger" size="sm">
                    Sí, eliminar
                  </Button>
                </Form>
              )}
            </div>
          </details>
        </div>
      </td>
    </tr>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
