import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { NOTE_MAX_LENGTH } from "./admin.server";
import { passwordWeakness, strongPasswordRule } from "./password-policy.server";
import { formatPhone } from "~/utils/phone";
import { PASSWORD_MIN_LENGTH } from "~/utils/schemas";

/*
 * What the customers screens post (admin.users_.new.tsx, admin.users_.$userId), checked on the
 * server only so zod stays out of the admin pages' JS (decision 054); the forms render the reply.
 * Rules of backoffice.md §5 "Admin create user" with D12's 8 characters for every password.
 */

export const ADMIN_USER_MESSAGES = {
  allRequired: "Todos los campos son obligatorios.",
  required: "Campo requerido",
  firstNameRequired: "El nombre es requerido",
  lastNameRequired: "El apellido es requerido",
  email: "Correo electrónico inválido",
  phone: "Formato inválido. Ejemplo: +504 9999-0000 (el número empieza con 2 a 9)",
  password: `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres`,
  passwordMismatch: "Las contraseñas no coinciden",
  confirmPassword: "Confirma la nueva contraseña",
  role: "Elige el rol del usuario.",
  noteEmpty: "La nota no puede estar vacía.",
  noteLength: `La nota no puede tener más de ${NOTE_MAX_LENGTH} caracteres.`,
} as const;

/** §5: +504, then four digits the first of them 2–9, a dash and four digits; optional. */
const ADMIN_PHONE_PATTERN = /^\+504 [2-9]\d{3}-\d{4}$/;

const name = (message: string) =>
  z.string({ required_error: message }).trim().min(1, message).max(100, "Máximo 100 caracteres");

const email = z
  .string({ required_error: ADMIN_USER_MESSAGES.required })
  .trim()
  .max(254, ADMIN_USER_MESSAGES.email)
  .email(ADMIN_USER_MESSAGES.email);

const phone = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? formatPhone(value) : null))
  .refine((value) => value === null || ADMIN_PHONE_PATTERN.test(value), ADMIN_USER_MESSAGES.phone);

const password = z
  .string({ required_error: ADMIN_USER_MESSAGES.password })
  .min(PASSWORD_MIN_LENGTH, ADMIN_USER_MESSAGES.password)
  .max(200, "La contraseña es demasiado larga");

const role = z.enum(["customer", "admin"], {
  errorMap: () => ({ message: ADMIN_USER_MESSAGES.role }),
});

const info = {
  firstName: name(ADMIN_USER_MESSAGES.firstNameRequired),
  lastName: name(ADMIN_USER_MESSAGES.lastNameRequired),
  email,
  phone,
};

/** Decision 083: not a common password, nor one built from the new account's e-mail or name. */
const NewUserSchema = z
  .object({ ...info, password, role })
  .superRefine(
    strongPasswordRule("password", (value) => [value.email, value.firstName, value.lastName]),
  );

/** The fields the create form requires; a post missing any also gets §5's form-level message. */
const REQUIRED_NEW_USER_FIELDS = ["firstName", "lastName", "email", "password", "role"] as const;

/** The create form's post; a failure replies with the typed values, never the password. */
export function parseNewUser(formData: FormData) {
  const submission = parseWithZod(formData, { schema: NewUserSchema });
  const missing = REQUIRED_NEW_USER_FIELDS.some(
    (field) => !String(formData.get(field) ?? "").trim(),
  );
  const reply = (options: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {}) =>
    submission.reply({
      ...options,
      formErrors: missing ? [ADMIN_USER_MESSAGES.allRequired] : options.formErrors,
      hideFields: ["password"],
    });
  return { submission, reply };
}

/** `personal`: the account's e-mail and name, which its new password must not be built from. */
const userActionSchema = (personal: Array<string | null | undefined>) =>
  z
    .discriminatedUnion("intent", [
      z.object({ intent: z.literal("update-info"), ...info }),
      z.object({ intent: z.literal("set-role"), role }),
      z.object({ intent: z.literal("block") }),
      z.object({ intent: z.literal("unblock") }),
      z.object({
        intent: z.literal("set-password"),
        password,
        confirmPassword: z.string({ required_error: ADMIN_USER_MESSAGES.confirmPassword }),
      }),
      z.object({
        intent: z.literal("add-note"),
        note: z
          .string({ required_error: ADMIN_USER_MESSAGES.noteEmpty })
          .trim()
          .min(1, ADMIN_USER_MESSAGES.noteEmpty)
          .max(NOTE_MAX_LENGTH, ADMIN_USER_MESSAGES.noteLength),
      }),
    ])
    .superRefine((value, context) => {
      if (value.intent !== "set-password") return;
      if (value.password !== value.confirmPassword) {
        context.addIssue({
          code: "custom",
          message: ADMIN_USER_MESSAGES.passwordMismatch,
          path: ["confirmPassword"],
        });
      }
      const weakness = passwordWeakness(value.password, personal);
      if (weakness) context.addIssue({ code: "custom", message: weakness, path: ["password"] });
    });

/**
 * The profile view's forms, told apart by `intent`; `personal` is the account's e-mail and
 * name (decision 083: a new password must not be built from them).
 */
export function parseUserAction(formData: FormData, personal: Array<string | null | undefined>) {
  return parseWithZod(formData, { schema: userActionSchema(personal) });
}

export type UserActionIntent = z.infer<ReturnType<typeof userActionSchema>>["intent"];
