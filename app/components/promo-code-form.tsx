import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import {
  checkboxProps,
  controlProps,
  fieldProps,
  useServerForm,
} from "~/components/forms/server-form";
import { Button, buttonClasses } from "~/components/ui/button";
import { FormErrorAlert } from "~/components/ui/form-error-alert";
import { Field, Label } from "~/components/ui/input";
import { useIsPending } from "~/hooks/use-is-pending";
import type { PromoCodeFormField } from "~/models/promotions/promo-codes";
import { dayOfIso, PROMO_CODE_LIMITS } from "~/models/promotions/promo-codes";
import type { AdminPromoCode } from "~/models/promotions/promo-codes";

/** Centavos as the amount inputs take them back ("150.50"), no thousands separator. */
function lempiras(centavos: number) {
  return (centavos / 100).toFixed(2);
}

export function PromoCodeForm({
  promoCode,
  result,
}: {
  /** The code being edited; a new code when absent. */
  promoCode?: Omit<AdminPromoCode, "createdAt">;
  result?: SubmissionResult<string[]>;
}) {
  const pending = useIsPending();
  // The action checks the post (promo-code-form.server.ts); its reply shows here, with or without JS.
  const { form, field } = useServerForm<PromoCodeFormField>({
    id: "promo-code",
    lastResult: result,
    defaultValue: promoCode
      ? {
          code: promoCode.code,
          description: promoCode.description ?? "",
          discountType: promoCode.discountType,
          discountValue:
            promoCode.discountType === "percentage"
              ? String(promoCode.discountValue)
              : lempiras(promoCode.discountValue),
          minOrderAmount: promoCode.minOrderAmount ? lempiras(promoCode.minOrderAmount) : "",
          maxUses: promoCode.maxUses ? String(promoCode.maxUses) : "",
          validFrom: promoCode.validFrom ? dayOfIso(promoCode.validFrom) : "",
          validUntil: promoCode.validUntil ? dayOfIso(promoCode.validUntil) : "",
          isActive: promoCode.isActive ? "on" : undefined,
        }
      : { discountType: "percentage", isActive: "on" },
  });
  const code = field("code");
  const description = field("description");
  const discountType = field("discountType");
  const discountValue = field("discountValue");
  const minOrderAmount = field("minOrderAmount");
  const maxUses = field("maxUses");
  const validFrom = field("validFrom");
  const validUntil = field("validUntil");
  const isActive = field("isActive");

  return (
    <Form method="post" {...form.props} className="max-w-xl space-y-5">
      <FormErrorAlert
        id={form.errorId}
        title={promoCode ? "Error al actualizar el código" : "Error al crear el código"}
        errors={form.errors}
      />
      <div className="space-y-1">
        <Field
          label="Código"
          {...fieldProps(code)}
          type="text"
          maxLength={PROMO_CODE_LIMITS.code}
        />
        <p className="text-fg-muted text-xs">
          Se guarda en mayúsculas, como lo lee la caja de cupones.
        </p>
      </div>
      <Field
        label="Descripción"
        {...fieldProps(description)}
        type="text"
        maxLength={PROMO_CODE_LIMITS.description}
      />
      <div className="space-y-1.5">
        <Label htmlFor={discountType.id}>Tipo de descuento</Label>
        <select
          {...controlProps(discountType)}
          className="border-border-strong bg-surface text-fg block h-11 w-full rounded-md border px-3 text-base"
        >
          <option value="percentage">Porcentaje (%)</option>
          <option value="fixed">Monto fijo (L)</option>
        </select>
        {discountType.errors ? (
          <p id={discountType.errorId} className="text-danger text-sm">
            {discountType.errors[0]}
          </p>
        ) : null}
      </div>
      <div className="space-y-1">
        <Field
          label="Valor del descuento"
          {...fieldProps(discountValue)}
          type="text"
          inputMode="decimal"
        />
        <p className="text-fg-muted text-xs">
          Porcentaje: un número entero de 1 a 100. Monto fijo: lempiras, por ejemplo 150.50.
        </p>
      </div>
      <Field
        label="Compra mínima (L)"
        {...fieldProps(minOrderAmount)}
        type="text"
        inputMode="decimal"
        placeholder="Sin mínimo"
      />
      <Field
        label="Máximo de usos"
        {...fieldProps(maxUses)}
        type="text"
        inputMode="numeric"
        placeholder="Sin límite"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Válido desde" {...fieldProps(validFrom)} type="date" />
        <Field label="Válido hasta" {...fieldProps(validUntil)} type="date" />
      </div>
      <div className="flex items-center gap-2">
        <input {...checkboxProps(isActive)} className="size-5" />
        <Label htmlFor={isActive.id}>Código activo</Label>
      </div>
      <div className="flex gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? "Guardando..." : promoCode ? "Guardar cambios" : "Crear código"}
        </Button>
        <Link to="/admin/promo-codes" className={buttonClasses("secondary")}>
          Cancelar
        </Link>
      </div>
    </Form>
  );
}
