import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod/v4";
import {
  addressSchema,
  EmailSchema,
  FirstNameSchema,
  LastNameSchema,
  nameSchema,
  newPasswordSchema,
  OptionalAddressSchema,
  OptionalPhoneSchema,
  phoneSchema,
  samePasswordRule,
} from "./field-schemas.server";
import { FIELD_MESSAGES, PASSWORD_MIN_LENGTH } from "./fields";
import { strongPasswordRule } from "./password-policy.server";

/*
 * The schemas of the customer's own account forms (storefront.md §5, backoffice.md §2, §5):
 * /register, /complete-profile, /profile and its security and danger tabs, /account/addresses.
 * Their actions parse with them; the pages show the reply with useServerForm and name their
 * fields from these types (decision 109), so zod never reaches the browser. The fields
 * themselves come from ./field-schemas.server.ts.
 */

/** /register's fields with their own rules; RegisterSchema adds the two passwords' agreement. */
export const RegisterFields = z.object({
  firstName: nameSchema("El primer nombre es requerido"),
  lastName: LastNameSchema,
  email: EmailSchema,
  phone: OptionalPhoneSchema,
  password: newPasswordSchema(),
  confirmPassword: z.string({ error: FIELD_MESSAGES.passwordRequired }),
});

/**
 * /register. An intersection validates both halves independently, so a missing name and a
 * password mismatch are reported together. storefront.md §5 words the first name its own way.
 */
export const RegisterSchema = z.intersection(
  RegisterFields.omit({ password: true, confirmPassword: true }),
  RegisterFields.pick({ password: true, confirmPassword: true }).superRefine(
    samePasswordRule("password"),
  ),
);

/** backoffice.md §2: after a Google sign-up all five fields are required; +504 is fixed. */
export const CompleteProfileSchema = z.object({
  firstName: FirstNameSchema,
  lastName: LastNameSchema,
  phone: phoneSchema("Formato inválido. Ejemplo: 0000-0000"),
  favoriteAddress1: addressSchema("La dirección principal es requerida"),
  favoriteAddress2: addressSchema("La dirección alternativa es requerida"),
});

/** The two favourite addresses: optional here (only /complete-profile requires them). */
export const AddressesSchema = z.object({
  favoriteAddress1: OptionalAddressSchema,
  favoriteAddress2: OptionalAddressSchema,
});

/**
 * /profile's personal tab. `currentPassword` is asked only when the e-mail changes (decision
 * 129): the action checks it against the account, since only the server knows it.
 */
export const ProfileSchema = z
  .object({
    firstName: FirstNameSchema,
    lastName: LastNameSchema,
    email: EmailSchema,
    phone: OptionalPhoneSchema.transform((value) => value ?? null),
    currentPassword: z.string().optional(),
  })
  .merge(AddressesSchema);

const NEW_PASSWORD_TOO_SHORT = `La nueva contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres`;

/** The account's own details, which its password may not be built from (decision 083). */
type Person = { email: string; firstName: string; lastName: string };

/** The password change's fields; passwordChangeSchema asks for the current one when there is one. */
export const PasswordChangeFields = z.object({
  currentPassword: z.string().optional(),
  newPassword: newPasswordSchema(NEW_PASSWORD_TOO_SHORT, NEW_PASSWORD_TOO_SHORT),
  confirmPassword: z.string({ error: FIELD_MESSAGES.confirmNewPassword }),
});

/**
 * D12: a new password of at least 8 characters, typed twice. An account created with Google has
 * no password yet: it sets one without a current password (`hasPassword` false).
 */
export function passwordChangeSchema(hasPassword: boolean) {
  return PasswordChangeFields.extend({
    currentPassword: hasPassword
      ? z.string({ error: "Contraseña actual requerida" })
      : PasswordChangeFields.shape.currentPassword,
  }).superRefine(samePasswordRule("newPassword"));
}

/** The deletion's fields; deleteAccountSchema checks the typed e-mail against the account's. */
export const DeleteAccountFields = z.object({
  currentPassword: z.string().optional(),
  confirmEmail: z.string({ error: "Escribe tu correo electrónico para confirmar" }).trim(),
});

/**
 * backoffice.md §2: deletion is confirmed by typing the account's e-mail (works without JS),
 * and by the current password (decision 129), which the action checks against the account.
 */
export function deleteAccountSchema(email: string) {
  return DeleteAccountFields.extend({
    confirmEmail: DeleteAccountFields.shape.confirmEmail.refine(
      (typed) => typed.toLowerCase() === email.toLowerCase(),
      { message: "El correo no coincide con el de tu cuenta" },
    ),
  });
}

export function parseRegisterForm(formData: FormData) {
  return parseWithZod(formData, { schema: RegisterSchema });
}

export function parseCompleteProfileForm(formData: FormData) {
  return parseWithZod(formData, { schema: CompleteProfileSchema });
}

export function parseProfileForm(formData: FormData) {
  return parseWithZod(formData, { schema: ProfileSchema });
}

export function parseAddressesForm(formData: FormData) {
  return parseWithZod(formData, { schema: AddressesSchema });
}

/** /profile/security; the common-password rule runs on the server only (decision 083). */
export function parsePasswordChangeForm(
  formData: FormData,
  { hasPassword, user }: { hasPassword: boolean; user: Person },
) {
  return parseWithZod(formData, { schema: passwordChangeRules({ hasPassword, user }) });
}

/** The password change's whole rule: the form's schema and decision 083's strength check. */
export function passwordChangeRules({ hasPassword, user }: { hasPassword: boolean; user: Person }) {
  return passwordChangeSchema(hasPassword).superRefine(
    strongPasswordRule("newPassword", () => [user.email, user.firstName, user.lastName]),
  );
}

export function parseDeleteAccountForm(formData: FormData, email: string) {
  return parseWithZod(formData, { schema: deleteAccountSchema(email) });
}
