import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { StepUpField } from "~/components/auth/step-up-field";
import { controlProps, fieldProps, useServerForm } from "~/components/forms/server-form";
import { Badge, type BadgeVariant } from "~/components/ui/badge";
import { Button, buttonClasses } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { FormErrorAlert } from "~/components/ui/form-error-alert";
import { Field, Label } from "~/components/ui/input";
import { Unbroken } from "~/components/ui/unbroken";
import { usePendingFormData } from "~/hooks/use-is-pending";
import { DOCUMENT_NAMES } from "~/models/invoicing/document";
import type { RangeState } from "~/models/invoicing/fiscal";
import {
  RANGE_INTENTS,
  RANGE_KIND_PLURALS,
  RANGE_STATE_LABELS,
  RANGES_PAGE,
  RETIRE_PARAM,
  usageLabel,
  type FiscalRangeFormField,
  type RangeRow,
} from "~/models/invoicing/ranges";
import { formatDate } from "~/utils/dates";

/*
 * Decision 173: the 'Facturación' tab's "Rangos autorizados": the ranges entered, a form to
 * enter one, and 'Retirar' as a second step of its own (`?retirar=<id>`), so both work without
 * JavaScript. Ranges are never edited. Both posts ask for a fresh code (decision 163).
 */

const STATE_BADGES: Record<RangeState, BadgeVariant> = {
  active: "success",
  used_up: "warning",
  expired: "danger",
  retired: "neutral",
};

/** Where the retirement's step is drawn: its link scrolls there, with or without JS. */
const RETIRE_ANCHOR = "retirar-rango";

export function FiscalRanges({
  ranges,
  retiring,
  lastResult,
  stepUp,
}: {
  ranges: RangeRow[];
  retiring: RangeRow | null;
  lastResult?: SubmissionResult<string[]>;
  stepUp: boolean;
}) {
  return (
    <section aria-labelledby="fiscal-ranges" className="space-y-5">
      <div className="space-y-1">
        <h2 id="fiscal-ranges" className="text-lg font-semibold">
          Rangos autorizados
        </h2>
        <p className="text-fg-muted max-w-2xl text-sm">
          Los rangos de numeración que el SAR autorizó, cada uno con su CAI. Las facturas toman el
          siguiente número del rango activo más antiguo. Un rango no se edita: si un dato está mal,
          retíralo e ingrésalo de nuevo.
        </p>
      </div>
      {retiring ? <RetireStep range={retiring} stepUp={stepUp} /> : null}
      {ranges.length === 0 ? (
        <p className="text-fg-muted">Aún no hay rangos autorizados.</p>
      ) : (
        <DataTable
          label="Rangos autorizados"
          headings={[
            "Tipo",
            "CAI",
            "Números",
            "Siguiente",
            "Fecha límite de emisión",
            "Estado",
            { label: "Acciones", hidden: true },
          ]}
        >
          {ranges.map((range) => (
            <RangeRowView key={range.id} range={range} />
          ))}
        </DataTable>
      )}
      {/* A range just entered makes a new, empty form (with JS the inputs would keep it). */}
      <AddRangeForm key={ranges.length} lastResult={lastResult} stepUp={stepUp} />
    </section>
  );
}

function RangeRowView({ range }: { range: RangeRow }) {
  return (
    <tr className="align-top">
      <th scope="row" className="px-3 py-2 font-semibold">
        {DOCUMENT_NAMES[range.kind]}
      </th>
      <td className="px-3 py-2 font-mono text-xs whitespace-nowrap">{range.cai}</td>
      <td className="px-3 py-2 font-mono text-xs">
        <Unbroken>{range.first}</Unbroken>
        <span className="sr-only"> a </span>
        <span aria-hidden="true"> – </span>
        <Unbroken>{range.last}</Unbroken>
      </td>
      <td className="px-3 py-2 font-mono text-xs">
        {range.next ? <Unbroken>{range.next}</Unbroken> : "—"}
      </td>
      <td className="px-3 py-2 whitespace-nowrap">{formatDate(range.deadline)}</td>
      <td className="px-3 py-2">
        <Badge variant={STATE_BADGES[range.state]}>{RANGE_STATE_LABELS[range.state]}</Badge>
        <span className="text-fg-muted block text-xs whitespace-nowrap">{usageLabel(range)}</span>
      </td>
      <td className="px-3 py-2">
        {range.state === "active" ? (
          <Link
            to={`?${RETIRE_PARAM}=${range.id}#${RETIRE_ANCHOR}`}
            className={buttonClasses("secondary", "sm")}
            aria-label={`Retirar el rango ${range.first} a ${range.last}`}
          >
            Retirar
          </Link>
        ) : null}
      </td>
    </tr>
  );
}

/** The second step: what retiring means, the code when it is due, and the one button. */
function RetireStep({ range, stepUp }: { range: RangeRow; stepUp: boolean }) {
  const pendingIntent = usePendingFormData()?.get("intent");
  const pending = pendingIntent === RANGE_INTENTS.retire;
  return (
    <div
      id={RETIRE_ANCHOR}
      className="border-danger/40 bg-danger/5 max-w-2xl space-y-4 rounded-lg border p-4"
    >
      <h3 className="font-semibold">Retirar el rango</h3>
      <p className="break-words">
        ¿Retirar el rango de {RANGE_KIND_PLURALS[range.kind]} <Unbroken>{range.first}</Unbroken> a{" "}
        <Unbroken>{range.last}</Unbroken> (CAI{" "}
        <span className="font-mono text-sm break-all">{range.cai}</span>)? No se emitirá ningún otro
        número de él; los documentos ya emitidos no cambian. No se puede deshacer.
      </p>
      <Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value={RANGE_INTENTS.retire} />
        <input type="hidden" name="rangeId" value={range.id} />
        <StepUpField needed={stepUp} id="step-up-retire-range" />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" variant="danger" disabled={pending}>
            {pending ? "Retirando..." : "Sí, retirar el rango"}
          </Button>
          <Link to={RANGES_PAGE} className={buttonClasses("secondary")}>
            Cancelar
          </Link>
        </div>
      </Form>
    </div>
  );
}

const selectClasses =
  "border-border-strong bg-surface text-fg block h-11 w-full rounded-md border px-3 text-base aria-invalid:border-danger";

function AddRangeForm({
  lastResult,
  stepUp,
}: {
  lastResult?: SubmissionResult<string[]>;
  stepUp: boolean;
}) {
  const pending = usePendingFormData()?.get("intent") === RANGE_INTENTS.add;
  const { form, field } = useServerForm<FiscalRangeFormField>({
    id: "fiscal-range",
    lastResult,
    defaultValue: { kind: "invoice" },
  });
  const kind = field("kind");
  return (
    <Form
      method="post"
      {...form.props}
      className="border-border max-w-2xl space-y-5 rounded-xl border p-4"
      aria-labelledby="add-fiscal-range"
    >
      <h3 id="add-fiscal-range" className="font-semibold">
        Agregar un rango autorizado
      </h3>
      <FormErrorAlert
        id={form.errorId}
        title="No se agregó el rango"
        errors={form.errors}
        refused={form.refused}
      />
      <input type="hidden" name="intent" value={RANGE_INTENTS.add} />
      <div className="space-y-1.5">
        <Label htmlFor={kind.id}>Tipo</Label>
        <select {...controlProps(kind)} className={selectClasses}>
          <option value="invoice">{DOCUMENT_NAMES.invoice}</option>
          <option value="credit_note">{DOCUMENT_NAMES.credit_note}</option>
        </select>
        {kind.errors ? (
          <p id={kind.errorId} className="text-danger text-sm">
            {kind.errors[0]}
          </p>
        ) : null}
      </div>
      <Field
        label="CAI"
        hint="Los 32 caracteres en seis grupos, como los imprime el SAR."
        {...fieldProps(field("cai"))}
        type="text"
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        maxLength={60}
      />
      <Field
        label="Establecimiento, punto de emisión y tipo de documento"
        hint="Como los dice la autorización, por ejemplo 000-001-01- (facturas)."
        {...fieldProps(field("prefix"))}
        type="text"
        autoComplete="off"
        spellCheck={false}
        maxLength={20}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Número inicial"
          hint="Hasta 8 dígitos."
          {...fieldProps(field("first"))}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          maxLength={8}
        />
        <Field
          label="Número final"
          hint="Hasta 8 dígitos."
          {...fieldProps(field("last"))}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          maxLength={8}
        />
      </div>
      <Field
        label="Fecha límite de emisión"
        hint="Se puede emitir hasta el final de ese día, hora de Honduras."
        {...fieldProps(field("deadline"))}
        type="date"
      />
      <StepUpField needed={stepUp} id="step-up-range" />
      <Button type="submit" disabled={pending}>
        {pending ? "Agregando..." : "Agregar rango"}
      </Button>
    </Form>
  );
}
