import { Form } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { FormErrorAlert } from "~/components/ui/form-error-alert";
import { Field } from "~/components/ui/input";
import { useIsPending } from "~/hooks/use-is-pending";
import {
  couponDiscountForPoints,
  largestRedemption,
  redeemMinimumOf,
  redeemStepOf,
  type RedeemRules,
} from "~/models/loyalty/loyalty";
import { formatMoney } from "~/utils/money";

/** What the typed points are worth, or why they buy nothing (issue 21: seen before generating). */
export function redemptionValueText(text: string, rules: RedeemRules) {
  const points = Number(text.trim());
  if (text.trim() === "" || !Number.isSafeInteger(points) || points <= 0) {
    return "Escribe cuántos puntos quieres canjear.";
  }
  const value = `${points.toLocaleString("en-US")} puntos = ${formatMoney(
    couponDiscountForPoints(points, rules.pointsPerLempiraDiscount),
  )}`;
  const step = redeemStepOf(rules);
  if (points < redeemMinimumOf(rules) || points % step !== 0) {
    return `${value}: elige un múltiplo de ${step.toLocaleString("en-US")} puntos.`;
  }
  return `${value} de descuento`;
}

/**
 * Points into a single-use coupon (D13, D20). The page arrives with the most the balance buys
 * already written in and its value beside it, computed by the server, so the value is seen
 * without JS; with JS it follows what is typed. The input is uncontrolled: what was typed
 * before hydration stays, and the value is read from it once hydrated.
 */
export function RedeemForm({
  balance,
  rules,
  lastPoints,
  error,
}: {
  balance: number;
  rules: RedeemRules;
  /** What a refused post carried. */
  lastPoints?: string;
  error?: string;
}) {
  const pending = useIsPending();
  const step = redeemStepOf(rules);
  const minimum = redeemMinimumOf(rules);
  const most = largestRedemption(balance, rules);
  const initial = lastPoints ?? (most > 0 ? String(most) : "");
  const [text, setText] = useState(initial);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const input = formRef.current?.elements.namedItem("points");
    if (input instanceof HTMLInputElement) setText(input.value);
  }, []);

  return (
    <section aria-labelledby="canjear" className="border-border rounded-lg border p-5">
      <h2 id="canjear" className="text-lg font-semibold">
        Canjear puntos por un cupón
      </h2>
      <p className="text-fg-muted mt-1 text-sm">
        {step.toLocaleString("en-US")} puntos ={" "}
        {formatMoney(couponDiscountForPoints(step, rules.pointsPerLempiraDiscount))} de descuento.
        Mínimo {minimum.toLocaleString("en-US")} puntos, en múltiplos de{" "}
        {step.toLocaleString("en-US")}. El cupón es de un solo uso.
      </p>
      {/* backoffice.md §8's words for a refused redemption; the field says why. */}
      <div className="mt-4">
        <FormErrorAlert
          title="Error al generar cupón"
          errors={error ? ["No se pudo generar el cupón."] : undefined}
        />
      </div>
      <Form ref={formRef} method="post" className="flex flex-wrap items-end gap-3" noValidate>
        <Field
          label="Puntos a canjear"
          id="points"
          name="points"
          type="number"
          inputMode="numeric"
          min={minimum}
          step={step}
          max={balance}
          defaultValue={initial}
          onInput={(event) => setText(event.currentTarget.value)}
          errors={error ? [error] : undefined}
          className="w-48"
        />
        <Button type="submit" disabled={pending}>
          {pending ? "Generando..." : "Generar cupón"}
        </Button>
        <output htmlFor="points" aria-live="polite" className="basis-full text-sm font-medium">
          {redemptionValueText(text, rules)}
        </output>
      </Form>
    </section>
  );
}
