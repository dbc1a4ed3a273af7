import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod/v4";
import { NOTE_MAX_LENGTH } from "./admin.server";
import {
  EmailSchema,
  FirstNameSchema,
  LastNameSchema,
  newPasswordSchema,
  optionalPhoneSchema,
  samePasswordRule,
} from "./field-schemas.server";
import { FIELD_MESSAGES } from "./fields";
import { passwordWeakness, strongPasswordRule } from "./password-policy.server";

/*
 * What the customers screens post (admin.users_.new.tsx, admin.users_.$userId), checked on the
 * server only so zod stays out of the admin pages' JS (decisions 054, 091); the forms render the
 * reply. Rules of backoffice.md §5 "Admin create user" on the store's field rules
 * (field-schemas.server.ts), with D12's 8 characters for every password.
 */

export const ADMIN_USER_MESSAGES = {
  allRequired: "Todos los campos son obligatorios.",
  phone: "Formato inválido. Ejemplo: +504 9999-0000 (el número empieza con 2 a 9)",
  role: "Elige el rol del usuario.",
  noteEmpty: "La nota no puede estar vacía.",
  noteLength: `La nota no puede tener más de ${NOTE_MAX_LENGTH} caracteres.`,
} as const;

/** §5: +504, then four digits the first of them 2–9, a dash and four digits; optional. */
const ADMIN_PHONE_PATTERN = /^\+504 [2-9]\d{3}-\d{4}$/;

const password = newPasswordSchema();

const role = z.enum(["customer", "admin"], {
  error: ADMIN_USER_MESSAGES.role,
});

const info = {
  firstName: FirstNameSchema,
  lastName: LastNameSchema,
  email: EmailSchema,
  phone: optionalPhoneSchema(ADMIN_PHONE_PATTERN, ADMIN_USER_MESSAGES.phone)
    .transform((value) => value ?? null)
    // The JSON API's document reads it: these schemas are its bodies too (decision 136).
    .describe("+504 0000-0000 (o los 8 dígitos); vacío o null: sin teléfono."),
};

/** Decision 083: not a common password, nor one built from the new account's e-mail or name. */
export const NewUserSchema = z
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

/** The profile view's information form (name, e-mail, phone), also PUT /api/users/{id}. */
export const UserInfoSchema = z.object(info);

/** The note form's note, also POST /api/users/{id}/notes. */
const note = z
  .string({ error: ADMIN_USER_MESSAGES.noteEmpty })
  .trim()
  .min(1, ADMIN_USER_MESSAGES.noteEmpty)
  .max(NOTE_MAX_LENGTH, ADMIN_USER_MESSAGES.noteLength);

export const UserNoteSchema = z.object({ note });

/** A new password typed twice, not common nor built from the account's e-mail or name. */
function newPasswordRule(personal: Array<string | null | undefined>) {
  return (value: { password: string; confirmPassword?: unknown }, context: z.RefinementCtx) => {
    samePasswordRule<typeof value>("password")(value, context);
    const weakness = passwordWeakness(value.password, personal);
    if (weakness) context.addIssue({ code: "custom", message: weakness, path: ["password"] });
  };
}

const passwordReset = {
  password,
  confirmPassword: z.string({ error: FIELD_MESSAGES.confirmNewPassword }),
};

/** The password form's fields (PUT /api/users/{id}/password's body is derived from them). */
export const PasswordResetFields = z.object(passwordReset);

/** The password form's rules on their own: the fields, and a password not built from `personal`. */
export function passwordResetSchema(personal: Array<string | null | undefined>) {
  return PasswordResetFields.superRefine(newPasswordRule(personal));
}

/** `personal`: the account's e-mail and name, which its new password must not be built from. */
const userActionSchema = (personal: Array<string | null | undefined>) =>
  z
    .discriminatedUnion("intent", [
      z.object({ intent: z.literal("update-info"), ...info }),
      z.object({ intent: z.literal("set-role"), role }),
      z.object({ intent: z.literal("block") }),
      z.object({ intent: z.literal("unblock") }),
      z.object({ intent: z.literal("set-password"), ...passwordReset }),
      z.object({ intent: z.literal("add-note"), note }),
      // Decision 163: an administrator who lost the phone and the recovery codes.
      z.object({ intent: z.literal("reset-two-factor") }),
    ])
    .superRefine((value, context) => {
      if (value.intent !== "set-password") return;
      newPasswordRule(personal)(value, context);
    });

/**
 * The profile view's forms, told apart by `intent`; `personal` is the account's e-mail and
 * name (decision 083: a new password must not be built from them).
 */
export function parseUserAction(formData: FormData, personal: Array<string | null | undefined>) {
  return parseWithZod(formData, { schema: userActionSchema(personal) });
}

/** The profile view's forms, for their components' field names (a type, no zod). */
export type UserActionSchema = ReturnType<typeof userActionSchema>;

export type UserActionIntent = z.infer<ReturnType<typeof userActionSchema>>["intent"];
