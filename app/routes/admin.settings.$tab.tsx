import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import {
  checkboxProps,
  controlProps,
  useServerForm,
  type ServerField,
} from "~/components/forms/server-form";
import { StickyActionBar } from "~/components/admin/sticky-action-bar";
import { Button } from "~/components/ui/button";
import { FormErrorAlert } from "~/components/ui/form-error-alert";
import { Label } from "~/components/ui/input";
import { useIsPending } from "~/hooks/use-is-pending";
import {
  fieldsOfTab,
  formValuesOfTab,
  readSettingsSubmission,
  SETTINGS_MESSAGES,
  type SettingField,
} from "~/models/settings/form.server";
import {
  getSettings,
  guardedSettingChanges,
  updateSettings,
} from "~/models/settings/settings.server";
import { definitionsOfTab, settingsTab, settingsTabPath } from "~/models/settings/definitions";
import { StepUpField } from "~/components/auth/step-up-field";
import { FiscalRanges } from "~/components/admin/fiscal-ranges";
import { RETIRE_PARAM } from "~/models/invoicing/ranges";
import { getRange, listRanges } from "~/models/invoicing/ranges.server";
import {
  addRangeAction,
  rangeIntentOf,
  retireRangeAction,
} from "~/web/forms/fiscal-range-form.server";
import { recentSecondFactor, stepUpNeeded } from "~/web/two-factor.server";
import { guardAction } from "~/web/guard-action.server";
import { requireAdmin } from "~/web/auth.server";
import { invariantResponse } from "~/utils/invariant";
import { redirectWithToast } from "~/web/toast.server";

/*
 * One tab of /admin/settings: its settings in one form, saved together (only the entries that
 * changed are written, in one transaction; D3: the whole store reads them on its next request).
 */

/** General has no segment of its own: admin.settings._index.tsx serves it with this module. */
function tabOf(params: { tab?: string }) {
  const tab = settingsTab(params.tab);
  invariantResponse(tab, "Sección de configuración no encontrada", { status: 404 });
  return tab;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Configuración: ${data?.tab.label ?? "Ajustes"} | Panel Administrativo` },
];

/** Decision 173: the 'Facturación' tab lists the authorised ranges under the issuer's data. */
const RANGES_TAB = "facturacion";

/** The ranges, and the one whose retirement is being confirmed (`?retirar=<id>`). */
async function rangesOf(request: Request) {
  const now = new Date();
  const retiring = Number(new URL(request.url).searchParams.get(RETIRE_PARAM));
  const candidate =
    Number.isSafeInteger(retiring) && retiring > 0 ? await getRange(retiring, now) : undefined;
  return {
    list: await listRanges(now),
    retiring: candidate && candidate.state !== "retired" ? candidate : null,
  };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const tab = tabOf(params);
  return json({
    ranges: tab.slug === RANGES_TAB ? await rangesOf(request) : null,
    tab: { slug: tab.slug, label: tab.label },
    fields: fieldsOfTab(tab),
    values: formValuesOfTab(tab, await getSettings()),
    // Decision 163: the bank account's fields ask for a code when the last is 10 minutes old.
    stepUp:
      definitionsOfTab(tab).some((definition) => definition.stepUp) &&
      (await stepUpNeeded(request)),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await guardAction(request);
  const admin = await requireAdmin(request);
  const tab = tabOf(params);
  const formData = await request.formData();
  const rangeIntent = tab.slug === RANGES_TAB ? rangeIntentOf(formData) : null;
  if (rangeIntent === "add-range") return addRangeAction(request, formData, admin);
  if (rangeIntent === "retire-range") return retireRangeAction(request, formData);
  const { entries, notSaved } = readSettingsSubmission(formData, tab);
  if (!entries) return json({ result: notSaved() }, { status: 400 });
  if ((await guardedSettingChanges(entries)).length > 0) {
    const fresh = await recentSecondFactor(request, formData);
    if (!fresh.ok) return json({ result: notSaved(fresh.message) }, { status: 403 });
  }
  let changed;
  try {
    ({ changed } = await updateSettings(entries));
  } catch (error) {
    // §8: 'Error al guardar' with the form as typed; the transaction saved none of it.
    console.error("No se pudo guardar la configuración", error);
    return json({ result: notSaved() }, { status: 500 });
  }
  const here = settingsTabPath(tab);
  if (changed.length === 0) {
    return redirectWithToast(request, here, { type: "info", title: SETTINGS_MESSAGES.noChanges });
  }
  return redirectWithToast(request, here, {
    title: SETTINGS_MESSAGES.saved,
    description:
      changed.length === 1
        ? "Se actualizó 1 ajuste."
        : `Se actualizaron ${changed.length} ajustes.`,
  });
}

export default function AdminSettingsTabRoute() {
  const { tab, fields, values, stepUp, ranges } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // A new tab, or values just saved, make a new form: its inputs start from the stored values
  // (the server formats a phone or an amount as it stores it).
  return (
    <div className="space-y-10">
      <SettingsForm
        key={`${tab.slug}:${JSON.stringify(values)}`}
        tab={tab}
        fields={fields}
        values={values}
        lastResult={actionData && "result" in actionData ? actionData.result : undefined}
        stepUp={stepUp}
      />
      {ranges ? (
        <FiscalRanges
          ranges={ranges.list}
          retiring={ranges.retiring}
          lastResult={
            actionData && "rangeResult" in actionData ? actionData.rangeResult : undefined
          }
          stepUp={stepUp}
        />
      ) : null}
    </div>
  );
}

type LastResult = Parameters<typeof useServerForm>[0]["lastResult"];

function SettingsForm({
  tab,
  fields,
  values,
  lastResult,
  stepUp,
}: {
  tab: { slug: string; label: string };
  fields: SettingField[];
  values: Record<string, string | undefined>;
  lastResult: LastResult;
  stepUp: boolean;
}) {
  const pending = useIsPending();
  const { form, field } = useServerForm({
    id: `settings-${tab.slug || "general"}`,
    lastResult,
    defaultValue: values,
  });
  return (
    <Form method="post" {...form.props} className="max-w-2xl space-y-5">
      <h2 className="text-lg font-semibold">{tab.label}</h2>
      <FormErrorAlert id={form.errorId} title="Error al guardar" errors={form.errors} />
      {fields.map((setting) => (
        <SettingInput key={setting.key} setting={setting} field={field(setting.key)} />
      ))}
      <StepUpField needed={stepUp} id="step-up-settings" />
      <StickyActionBar>
        <Button type="submit" disabled={pending}>
          {pending ? "Guardando..." : "Guardar cambios"}
        </Button>
      </StickyActionBar>
    </Form>
  );
}

const controlClasses =
  "border-border-strong bg-surface text-fg block w-full rounded-md border px-3 text-base aria-invalid:border-danger";

/** The browser's keyboard for each kind of value (its own checks stay off: noValidate). */
function inputAttributes(inputType: SettingField["inputType"]) {
  if (inputType === "email" || inputType === "url" || inputType === "tel") {
    return { type: inputType };
  }
  if (inputType === "money" || inputType === "number") {
    return { type: "text", inputMode: "decimal" } as const;
  }
  return { type: "text" };
}

function SettingInput({ setting, field }: { setting: SettingField; field: ServerField }) {
  const descriptionId = setting.description ? `${field.id}-description` : undefined;
  const describedBy =
    [field.errors ? field.errorId : undefined, descriptionId].filter(Boolean).join(" ") ||
    undefined;
  const help = setting.description ? (
    <p id={descriptionId} className="text-fg-muted text-xs">
      {setting.description}
    </p>
  ) : null;
  const errors = field.errors?.length ? (
    <ul id={field.errorId} className="text-danger space-y-0.5 text-sm">
      {field.errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  ) : null;

  if (setting.inputType === "boolean") {
    return (
      <div className="space-y-1">
        <div className="flex items-center gap-2">
          <input
            {...checkboxProps(field)}
            aria-describedby={describedBy}
            className="size-5 shrink-0"
          />
          <Label htmlFor={field.id}>{setting.label}</Label>
        </div>
        {help}
        {errors}
      </div>
    );
  }

  const props = { ...controlProps(field), "aria-describedby": describedBy };
  return (
    <div className="space-y-1.5">
      <Label htmlFor={field.id}>
        {setting.label}
        {setting.isRequired ? null : <span className="text-fg-muted font-normal"> (opcional)</span>}
      </Label>
      {setting.inputType === "textarea" ? (
        <textarea {...props} rows={3} className={`${controlClasses} py-2`} />
      ) : (
        <input
          {...props}
          {...inputAttributes(setting.inputType)}
          className={`${controlClasses} h-11`}
        />
      )}
      {help}
      {errors}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
