import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json } from "@remix-run/node";
import { z } from "zod/v4";
import { CAI_MESSAGE, normalizeCai, normalizeNumberPrefix } from "~/models/invoicing/fiscal";
import type { NewRange } from "~/models/invoicing/ranges.server";
import { retireRange } from "~/models/invoicing/ranges.server";
import {
  RANGE_INTENTS,
  RANGE_KIND_PLURALS,
  RANGES_PAGE,
  RETIRE_PARAM,
  type FiscalRangeFormField,
} from "~/models/invoicing/ranges";
import { enterRange, getRange } from "~/models/invoicing/ranges.server";
import { endOfDayIso, hondurasDay, isCalendarDay } from "~/utils/dates";
import { invariantResponse } from "~/utils/invariant";
import { recentSecondFactor, requireRecentSecondFactor } from "~/web/two-factor.server";
import { redirectWithToast } from "~/web/toast.server";

/*
 * Decision 173: the authorised ranges' two posts on the 'Facturación' settings tab (the tab's
 * action hands them over by their `intent`): entering a range, checked here with the range
 * rules of decision 168, and retiring one from its confirmation step. Both are dangerous acts
 * (decision 163): they ask for a fresh second factor, as the fiscal settings do.
 */

export const RANGE_FORM_MESSAGES = {
  kind: "Elige el tipo de documento: Factura o Nota de crédito.",
  cai: CAI_MESSAGE,
  prefix:
    "Escribe el establecimiento, el punto de emisión y el tipo de documento como los dice la autorización, por ejemplo 000-001-01-.",
  number: "Escribe un número de 1 a 8 dígitos, por ejemplo 00000001.",
  deadline: "Escribe la fecha límite de emisión que dice la autorización.",
  deadlinePassed: "La fecha límite de emisión ya pasó: ingresa un rango vigente.",
} as const;

const correlative = z
  .string({ error: RANGE_FORM_MESSAGES.number })
  .trim()
  .regex(/^\d{1,8}$/, RANGE_FORM_MESSAGES.number)
  .transform(Number);

/** The range form (no pipe: conform's coercion of a pipe loses the "required" message). */
export const FiscalRangeFormSchema = z.object({
  kind: z.enum(["invoice", "credit_note"], { error: RANGE_FORM_MESSAGES.kind }),
  cai: z
    .string({ error: RANGE_FORM_MESSAGES.cai })
    .refine((typed) => normalizeCai(typed) !== null, RANGE_FORM_MESSAGES.cai)
    .transform((typed) => normalizeCai(typed)!),
  prefix: z
    .string({ error: RANGE_FORM_MESSAGES.prefix })
    .refine((typed) => normalizeNumberPrefix(typed) !== null, RANGE_FORM_MESSAGES.prefix)
    .transform((typed) => normalizeNumberPrefix(typed)!),
  first: correlative,
  last: correlative,
  // A date input's day: the range may issue until the last moment of it in Honduras.
  deadline: z
    .string({ error: RANGE_FORM_MESSAGES.deadline })
    .trim()
    .refine(isCalendarDay, RANGE_FORM_MESSAGES.deadline),
});

/** The component's field names (ranges.ts) are exactly this schema's: tsc fails on a drift. */
type Agree<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Expect<T extends true> = T;
export type _FiscalRangeFieldsAgree = Expect<
  Agree<keyof z.input<typeof FiscalRangeFormSchema>, FiscalRangeFormField>
>;

/** A parsed post, which answers with its values and its messages (conform's reply). */
type Submission = {
  reply(options?: {
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
  }): SubmissionResult<string[]>;
};

function refused(
  submission: Submission,
  status: number,
  { form, field }: { form?: string; field?: FiscalRangeFormField } = {},
) {
  const errors = form ? [form] : undefined;
  return json(
    {
      rangeResult: submission.reply({
        formErrors: errors,
        fieldErrors: field && errors ? { [field]: errors } : undefined,
      }),
    },
    { status },
  );
}

/**
 * 'Agregar rango': the form checked (CAI, prefix, numbers, a deadline not past), a fresh second
 * factor, then the range entered unless its numbers are taken. Refused, the form comes back as
 * typed with its messages and nothing is written.
 */
export async function addRangeAction(
  request: Request,
  formData: FormData,
  admin: { id: number },
  now = new Date(),
) {
  const submission = parseWithZod(formData, { schema: FiscalRangeFormSchema });
  if (submission.status !== "success") return refused(submission, 400);
  const { kind, cai, prefix, first, last, deadline } = submission.value;
  if (deadline < hondurasDay(now)) {
    return refused(submission, 400, {
      form: RANGE_FORM_MESSAGES.deadlinePassed,
      field: "deadline",
    });
  }
  const fresh = await recentSecondFactor(request, formData);
  if (!fresh.ok) return refused(submission, 403, { form: fresh.message });
  const range: NewRange = {
    kind,
    cai,
    prefix,
    first,
    last,
    deadline: new Date(endOfDayIso(deadline)),
    createdBy: admin.id,
  };
  const entered = await enterRange(range, now);
  if (!entered.ok) {
    return refused(submission, 400, {
      form: entered.message,
      field: entered.error === "taken" ? "first" : "last",
    });
  }
  return redirectWithToast(request, RANGES_PAGE, {
    title: "Rango ingresado",
    description: `Rango de ${RANGE_KIND_PLURALS[kind]} del ${entered.range.first} al ${entered.range.last}.`,
  });
}

/** The retirement's second step, where a refused code sends the admin back. */
export function retireStepPath(rangeId: number) {
  return `${RANGES_PAGE}?${new URLSearchParams({ [RETIRE_PARAM]: String(rangeId) })}`;
}

/**
 * 'Sí, retirar el rango', posted from the confirmation step (`?retirar=<id>`): a fresh second
 * factor (refused, back to the step with the code field), then no number is taken from the
 * range any more; what it issued stays.
 */
export async function retireRangeAction(request: Request, formData: FormData) {
  const id = Number(formData.get("rangeId"));
  invariantResponse(Number.isSafeInteger(id) && id > 0, "Rango no encontrado", { status: 404 });
  await requireRecentSecondFactor(request, formData, retireStepPath(id));
  const range = await getRange(id);
  invariantResponse(range, "Rango no encontrado", { status: 404 });
  if (!(await retireRange(id))) {
    return redirectWithToast(request, RANGES_PAGE, {
      type: "info",
      title: "El rango ya estaba retirado",
    });
  }
  return redirectWithToast(request, RANGES_PAGE, {
    title: "Rango retirado",
    description: `No se emitirán más ${RANGE_KIND_PLURALS[range.kind]} del ${range.first} al ${range.last}.`,
  });
}

/** The tab's posts that are the ranges', by their `intent`; null for the settings' own form. */
export function rangeIntentOf(formData: FormData) {
  const intent = formData.get("intent");
  return intent === RANGE_INTENTS.add || intent === RANGE_INTENTS.retire ? intent : null;
}
