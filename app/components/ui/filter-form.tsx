import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button } from "./button";

/** The look of a filter form's search box or select. */
export const filterFieldClass = "border-border bg-surface block rounded-md border px-3 py-2";

/**
 * An admin list's filters: a GET form (the URL holds them, so they work without JS and can be
 * bookmarked) with its 'Filtrar' button, and under it how many rows matched, e.g.
 * `count={{ total, one: "pedido", many: "pedidos" }}`.
 */
export function FilterForm({
  count,
  children,
}: {
  count: { total: number; one: string; many: string };
  children: ReactNode;
}) {
  return (
    <>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        {children}
        <Button type="submit" variant="secondary">
          Filtrar
        </Button>
      </Form>
      <p className="text-fg-muted text-sm" aria-live="polite">
        {count.total === 1
          ? `1 ${count.one}`
          : `${count.total.toLocaleString("es-HN")} ${count.many}`}
      </p>
    </>
  );
}
