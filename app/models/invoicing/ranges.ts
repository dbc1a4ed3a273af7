/*
 * Issue 42, decision 173: the authorised ranges as the 'Facturación' settings tab and the
 * dashboard show them. Client-safe: the tab's component imports it (ranges.server.ts reads the
 * rows, web/forms/fiscal-range-form.server.ts checks the form).
 */

import type { FiscalDocumentKind } from "#db/types";
import type { RangeState } from "./fiscal";

/** The range form's fields (fiscal-range-form.server.ts checks its schema has exactly these). */
export type FiscalRangeFormField = "kind" | "cai" | "prefix" | "first" | "last" | "deadline";

/** What the tab posts besides the settings' form: entering a range, or retiring one. */
export const RANGE_INTENTS = { add: "add-range", retire: "retire-range" } as const;

/** Where the ranges live: the 'Facturación' settings tab. */
export const RANGES_PAGE = "/admin/settings/facturacion";

/** The query parameter of the retirement's second step: `?retirar=<id>`. */
export const RETIRE_PARAM = "retirar";

/** "el rango de facturas", "el rango de notas de crédito". */
export const RANGE_KIND_PLURALS: Record<FiscalDocumentKind, string> = {
  invoice: "facturas",
  credit_note: "notas de crédito",
};

export const RANGE_STATE_LABELS: Record<RangeState, string> = {
  active: "Activo",
  used_up: "Agotado",
  expired: "Vencido",
  retired: "Retirado",
};

/** An authorised range as the tab lists it: its numbers in full, its state and its use. */
export type RangeRow = {
  id: number;
  kind: FiscalDocumentKind;
  cai: string;
  prefix: string;
  /** "000-001-01-00000001" */
  first: string;
  last: string;
  /** The number the next document takes; null once the range is used up. */
  next: string | null;
  /** The last moment of the fecha límite de emisión (ISO-8601 UTC). */
  deadline: string;
  state: RangeState;
  used: number;
  size: number;
  createdAt: string;
  retiredAt: string | null;
};

/** 12345 as "12,345" (es-HN), without an Intl formatter. */
export function groupThousands(n: number) {
  return String(n).replace(/\B(?=(\d{3})+$)/g, ",");
}

/** "12 de 500 usados" */
export function usageLabel({ used, size }: Pick<RangeRow, "used" | "size">) {
  return `${groupThousands(used)} de ${groupThousands(size)} usados`;
}
