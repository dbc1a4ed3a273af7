import { parseWithZod } from "@conform-to/zod/v4";
import { json } from "@remix-run/node";
import { z } from "zod/v4";
import { getUserByEmail } from "~/models/customers/users.server";
import { hasTwoFactor } from "~/models/auth/two-factor.server";
import type { SessionUser } from "~/models/customers/users.server";
import {
  API_TOKEN_LIFETIMES,
  DEFAULT_API_TOKEN_DAYS,
  createApiToken,
  type ApiTokenLifetime,
} from "~/models/auth/api-tokens.server";

/** The new-token form of /admin/api-tokens (decision 124). Only the action validates. */
export const ApiTokenFormSchema = z.object({
  name: z
    .string({ error: "Escribe un nombre para el token." })
    .trim()
    .min(1, "Escribe un nombre para el token.")
    .max(80, "El nombre no puede tener más de 80 caracteres."),
  email: z
    .string({ error: "Escribe el correo de la cuenta." })
    .trim()
    .email("Escribe un correo válido."),
  scope: z.enum(["read", "write"], {
    error: "Elige lo que el token puede hacer.",
  }),
  level: z.enum(["customer", "admin"], {
    error: "Elige el nivel del token.",
  }),
  // Decision 131: every token ends; 90 days unless another life is chosen.
  days: z.coerce
    .number()
    .default(DEFAULT_API_TOKEN_DAYS)
    .refine((days): days is ApiTokenLifetime => API_TOKEN_LIFETIMES.some((d) => d === days), {
      message: "Elige cuánto dura el token.",
    })
    // zod 4's refine checks without narrowing the type: the check above is what makes this true.
    .transform((days) => days as ApiTokenLifetime),
});

/** The form as typed, refused with `message` (a missing code for a dangerous act). */
export function tokenFormRefusal(formData: FormData, message: string) {
  return parseWithZod(formData, { schema: ApiTokenFormSchema }).reply({ formErrors: [message] });
}

const ADMIN_LEVEL_NEEDS_FACTOR =
  "Esa cuenta de administrador aún no configuró la verificación en dos pasos: sin ella no puede tener un token de nivel administrador.";

const ADMIN_LEVEL_NEEDS_ADMIN =
  "Solo la cuenta de un administrador puede tener un token de nivel administrador.";

/**
 * Creates the token the form asks for: the account named by e-mail (any active account; an
 * admin level only for an admin's), made by `admin`. A refusal is the 400 answer to return; a
 * success carries the secret, shown once by the screen and never stored.
 */
export async function createTokenFromForm(formData: FormData, admin: SessionUser) {
  const submission = parseWithZod(formData, { schema: ApiTokenFormSchema });
  if (submission.status !== "success") {
    return { refusal: json({ result: submission.reply(), created: null }, { status: 400 }) };
  }
  const { name, email, scope, level, days } = submission.value;
  const account = await getUserByEmail(email);
  const fieldError = !account
    ? "No existe una cuenta con ese correo."
    : account.isBlocked
      ? "Esa cuenta está bloqueada."
      : level === "admin" && account.role !== "admin"
        ? ADMIN_LEVEL_NEEDS_ADMIN
        : // Decision 163: an admin-level token acts as an administrator; its account has two factors.
          level === "admin" && !(await hasTwoFactor(account.id))
          ? ADMIN_LEVEL_NEEDS_FACTOR
          : null;
  if (!account || fieldError) {
    const field =
      fieldError === ADMIN_LEVEL_NEEDS_ADMIN || fieldError === ADMIN_LEVEL_NEEDS_FACTOR
        ? "level"
        : "email";
    return {
      refusal: json(
        { result: submission.reply({ fieldErrors: { [field]: [fieldError!] } }), created: null },
        { status: 400 },
      ),
    };
  }
  const token = await createApiToken({
    name,
    userId: account.id,
    createdBy: admin.id,
    scope,
    level,
    days,
  });
  return {
    refusal: null,
    created: { name, email: account.email, secret: token.secret, expiresAt: token.expiresAt },
  };
}
