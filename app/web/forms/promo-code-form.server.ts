import { parseWithZod } from "@conform-to/zod/v4";
import { json } from "@remix-run/node";
import { z } from "zod/v4";
import { normalizeCouponCode } from "~/models/promotions/coupons";
import {
  endOfDayIso,
  PROMO_CODE_LIMITS,
  startOfDayIso,
  type PromoCodeFormField,
} from "~/models/promotions/promo-codes";
import type { PromoCodeInput, PromoCodeWriteResult } from "~/models/promotions/promo-codes.server";

/*
 * The promo-code form's post (D34), for the create and the edit action. Server only: the form
 * shows the action's reply (components/forms/server-form.ts). Messages: decision 061.
 */

export const PROMO_CODE_MESSAGES = {
  codeRequired: "El código es obligatorio.",
  codeLength: "El código no puede tener más de 50 caracteres.",
  codeCharacters: "El código solo puede tener letras, números, guiones y guiones bajos.",
  codeReserved:
    "Los códigos que empiezan con LEAL- son de los cupones de lealtad. Elige otro código.",
  codeTaken: "Ya existe un código con ese nombre. Elige otro código.",
  description: "La descripción no puede tener más de 200 caracteres.",
  type: "Elige el tipo de descuento.",
  percentage: "El porcentaje debe ser un número entero entre 1 y 100.",
  fixed: "El descuento debe ser un monto en lempiras mayor que 0 (por ejemplo 150 o 150.50).",
  minimum: "La compra mínima debe ser un monto en lempiras (por ejemplo 500 o 500.00), o vacía.",
  maxUses: "El máximo de usos debe ser un número entero mayor que 0, o vacío para no tener límite.",
  maxBelowUses: (uses: number) =>
    `El máximo de usos no puede ser menor que los usos que ya tiene el código (${uses}).`,
  date: "Escribe una fecha válida.",
  window: "La fecha de fin no puede ser anterior a la fecha de inicio.",
} as const;

/** Up to L 1,000,000.00: more is a typo, and it keeps centavos exact. */
const MAX_CENTAVOS = 100_000_000;

/** "1,234.50" / "L 150" into centavos, or null (same reading as app/utils/money.ts parseMoney). */
function centavosOf(text: string): number | null {
  const cleaned = text
    .replace(/^\s*L\s*/u, "")
    .replace(/,/g, "")
    .trim();
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ""] = cleaned.split(".");
  const centavos = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return centavos <= MAX_CENTAVOS ? centavos : null;
}

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, PROMO_CODE_MESSAGES.date)
  .refine((value) => !Number.isNaN(Date.parse(value)), PROMO_CODE_MESSAGES.date)
  .optional();

export const PromoCodeFormSchema = z
  .object({
    // No pipe: conform's coercion of a pipe loses the custom "required" message.
    code: z
      .string({ error: PROMO_CODE_MESSAGES.codeRequired })
      .trim()
      .min(1, PROMO_CODE_MESSAGES.codeRequired)
      .max(PROMO_CODE_LIMITS.code, PROMO_CODE_MESSAGES.codeLength)
      .regex(/^[A-Za-z0-9_-]*$/, { error: PROMO_CODE_MESSAGES.codeCharacters, abort: true })
      .transform(normalizeCouponCode)
      .refine((code) => !code.startsWith("LEAL-"), PROMO_CODE_MESSAGES.codeReserved),
    description: z
      .string()
      .trim()
      .max(PROMO_CODE_LIMITS.description, PROMO_CODE_MESSAGES.description)
      .optional(),
    discountType: z.enum(["percentage", "fixed"], {
      error: PROMO_CODE_MESSAGES.type,
    }),
    discountValue: z.string().optional(),
    minOrderAmount: z.string().optional(),
    maxUses: z.string().optional(),
    validFrom: day,
    validUntil: day,
    isActive: z
      .string()
      .optional()
      .transform((value) => value === "on"),
  })
  .transform((value, context): PromoCodeInput => {
    const issue = (path: string, message: string) => {
      context.addIssue({ code: "custom", path: [path], message });
      return 0;
    };
    const text = value.discountValue?.trim() ?? "";
    let discountValue: number;
    if (value.discountType === "percentage") {
      discountValue = /^\d{1,3}$/.test(text) ? Number(text) : 0;
      if (discountValue < 1 || discountValue > 100) {
        discountValue = issue("discountValue", PROMO_CODE_MESSAGES.percentage);
      }
    } else {
      discountValue = centavosOf(text) ?? 0;
      if (discountValue <= 0) discountValue = issue("discountValue", PROMO_CODE_MESSAGES.fixed);
    }
    const minimumText = value.minOrderAmount?.trim() ?? "";
    const minOrderAmount = minimumText
      ? (centavosOf(minimumText) ?? issue("minOrderAmount", PROMO_CODE_MESSAGES.minimum))
      : 0;
    const maxText = value.maxUses?.trim() ?? "";
    const maxUses = maxText
      ? /^\d{1,9}$/.test(maxText) && Number(maxText) > 0
        ? Number(maxText)
        : issue("maxUses", PROMO_CODE_MESSAGES.maxUses)
      : 0;
    if (value.validFrom && value.validUntil && value.validUntil < value.validFrom) {
      issue("validUntil", PROMO_CODE_MESSAGES.window);
    }
    return {
      code: value.code,
      description: value.description || null,
      discountType: value.discountType,
      discountValue,
      minOrderAmount,
      maxUses,
      // A window is whole Honduras days: from the first instant of one to the last of the other.
      validFrom: value.validFrom ? startOfDayIso(value.validFrom) : null,
      validUntil: value.validUntil ? endOfDayIso(value.validUntil) : null,
      isActive: value.isActive,
    };
  });

/** The component's field names (promo-codes.ts) are exactly this schema's: tsc fails on a drift. */
type Agree<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Expect<T extends true> = T;
export type _PromoCodeFieldsAgree = Expect<
  Agree<keyof z.input<typeof PromoCodeFormSchema>, PromoCodeFormField>
>;

/**
 * The form's post, checked: `refusal` is the 400 answer to return as is; otherwise `input` goes
 * to createPromoCode/updatePromoCode, and `refuse(result)` turns a model's error into the form's
 * answer.
 */
export async function readPromoCodeSubmission(request: Request) {
  const submission = parseWithZod(await request.formData(), { schema: PromoCodeFormSchema });
  if (submission.status !== "success") {
    const refusal = json({ result: submission.reply() }, { status: 400 });
    return { refusal, input: null, refuse: null } as const;
  }
  const refuse = (
    result: Extract<PromoCodeWriteResult, { error: "code-taken" | "max-below-uses" }>,
  ) => {
    const [field, message] =
      result.error === "code-taken"
        ? ["code", PROMO_CODE_MESSAGES.codeTaken]
        : ["maxUses", PROMO_CODE_MESSAGES.maxBelowUses(result.currentUses)];
    return json(
      {
        result: submission.reply({ formErrors: [message], fieldErrors: { [field]: [message] } }),
      },
      { status: 400 },
    );
  };
  return { refusal: null, input: submission.value, refuse } as const;
}
