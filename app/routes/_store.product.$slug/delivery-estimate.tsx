import { Form, useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Button } from "~/components/ui/button";
import { DEPARTMENT_PARAM, DEPARTMENTS } from "~/utils/departments";
import type { DeliveryEstimate as Estimate } from "~/models/checkout/delivery-estimate";
import { formatMoney } from "~/utils/money";
import type { loader as estimateLoader } from "~/routes/resources.delivery-estimate";

/**
 * 'Envío a tu departamento' (issue 21, decision 099). Without JS a GET form reloads this page
 * with ?departamento=, and the loader answers with the estimate. With JS choosing a department
 * asks the resource route (a fetcher, no reload). The select is uncontrolled: a department
 * chosen before hydration is still chosen after it, and its estimate is fetched then.
 */
export function DeliveryEstimate({
  slug,
  estimate: fromPage,
}: {
  slug: string;
  /** The estimate of the page's ?departamento=, if it named one. */
  estimate: Estimate | null;
}) {
  const fetcher = useFetcher<typeof estimateLoader>();
  const selectRef = useRef<HTMLSelectElement>(null);
  const estimate = fetcher.data?.estimate ?? fromPage;

  function load(department: string) {
    if (!department) return;
    const params = new URLSearchParams({ producto: slug, [DEPARTMENT_PARAM]: department });
    fetcher.load(`/resources/delivery-estimate?${params}`);
  }

  useEffect(() => {
    const chosen = selectRef.current?.value ?? "";
    if (chosen && chosen !== fromPage?.department) load(chosen);
    // Once, at hydration: what the shopper picked before the JS arrived.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <section
      aria-labelledby="envio-titulo"
      className="border-border space-y-3 rounded-lg border p-4"
    >
      <h2 id="envio-titulo" className="font-semibold">
        Envío a tu departamento
      </h2>
      <Form
        method="get"
        preventScrollReset
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          load(selectRef.current?.value ?? "");
        }}
      >
        <label className="min-w-0 flex-1 text-sm font-medium">
          Departamento
          <select
            ref={selectRef}
            name={DEPARTMENT_PARAM}
            defaultValue={fromPage?.department ?? ""}
            onChange={(event) => load(event.currentTarget.value)}
            className="border-border-strong bg-surface text-fg mt-1 block h-11 w-full rounded-md border px-3 text-base"
          >
            <option value="" disabled>
              Elige tu departamento
            </option>
            {DEPARTMENTS.map((department) => (
              <option key={department}>{department}</option>
            ))}
          </select>
        </label>
        <Button type="submit" variant="secondary">
          Calcular envío
        </Button>
      </Form>
      <div aria-live="polite" aria-busy={fetcher.state !== "idle"}>
        {estimate ? (
          <dl className="divide-border divide-y text-sm">
            {estimate.options.map((option) => (
              <div key={option.method} className="flex flex-wrap justify-between gap-x-4 py-2">
                <dt>
                  {option.name}
                  {option.method === "pickup" ? null : ` a ${estimate.department}`}
                  <span className="text-fg-muted block">
                    {option.days}
                    {option.window ? `: ${option.window.arrives}` : null}
                  </span>
                </dt>
                <dd className="font-medium tabular-nums">
                  {option.cost === 0 ? "Gratis" : formatMoney(option.cost)}
                </dd>
              </div>
            ))}
          </dl>
        ) : null}
      </div>
    </section>
  );
}
