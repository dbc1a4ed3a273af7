import { z } from "zod";
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
} from "./field-schemas";
import { FIELD_MESSAGES, PASSWORD_MIN_LENGTH } from "./fields";

/*
 * Client-safe rules of the customer's own account (storefront.md §5, backoffice.md §2, §5): the
 * schemas of the account forms, which validate in the browser (conform) and in their actions
 * alike (decision 091), and the Spanish messages that map the model's refusal codes. The fields
 * themselves come from ./field-schemas.ts.
 */

/**
 * /register. An intersection validates both halves independently, so a missing name and a
 * password mismatch are reported together. storefront.md §5 words the first name its own way.
 */
export const RegisterSchema = z.intersection(
  z.object({
    firstName: nameSchema("El primer nombre es requerido"),
    lastName: LastNameSchema,
    email: EmailSchema,
    phone: OptionalPhoneSchema,
  }),
  z
    .object({
      password: newPasswordSchema(),
      confirmPassword: z.string({ required_error: FIELD_MESSAGES.passwordRequired }),
    })
    .superRefine(samePasswordRule("password")),
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

export const ProfileSchema = z
  .object({
    firstName: FirstNameSchema,
    lastName: LastNameSchema,
    email: EmailSchema,
    phone: OptionalPhoneSchema.transform((value) => value ?? null),
  })
  .merge(AddressesSchema);

const NEW_PASSWORD_TOO_SHORT = `La nueva contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres`;

/**
 * D12: a new password of at least 8 characters, typed twice. An account created with Google has
 * no password yet: it sets one without a current password (`hasPassword` false).
 */
export function passwordChangeSchema(hasPassword: boolean) {
  return z
    .object({
      currentPassword: hasPassword
        ? z.string({ required_error: "Contraseña actual requerida" })
        : z.string().optional(),
      newPassword: newPasswordSchema(NEW_PASSWORD_TOO_SHORT, NEW_PASSWORD_TOO_SHORT),
      confirmPassword: z.string({ required_error: FIELD_MESSAGES.confirmNewPassword }),
    })
    .superRefine(samePasswordRule("newPassword"));
}

export const PROFILE_MESSAGES = {
  updated: "Perfil actualizado",
  addressesUpdated: "Direcciones actualizadas",
  emailTaken: "Ya existe una cuenta con este correo electrónico. Usa otro.",
  passwordUpdated: "Contraseña actualizada",
  wrongPassword: "La contraseña actual es incorrecta",
  deleted: "Cuenta eliminada",
} as const;

export type DeleteAccountRefusal = "not-found" | "blocked" | "last-admin" | "open-orders";

/** What the customer (or, later, the admin screen) reads when a deletion is refused. */
export const DELETE_ACCOUNT_REFUSALS: Record<DeleteAccountRefusal, string> = {
  "not-found": "La cuenta ya no existe.",
  blocked:
    "Tu cuenta está bloqueada y no puede eliminarse. Contacta a soporte para más información.",
  "last-admin":
    "Eres el único administrador: nombra a otro administrador antes de eliminar tu cuenta.",
  "open-orders":
    "Tienes pedidos en curso. Podrás eliminar tu cuenta cuando se entreguen o se cancelen.",
};

/** backoffice.md §2: deletion is confirmed by typing the account's e-mail (works without JS). */
export function deleteAccountSchema(email: string) {
  return z.object({
    confirmEmail: z
      .string({ required_error: "Escribe tu correo electrónico para confirmar" })
      .trim()
      .refine((typed) => typed.toLowerCase() === email.toLowerCase(), {
        message: "El correo no coincide con el de tu cuenta",
      }),
  });
}

/**
 * What /register answers to every accepted sign-up, whether the address was new or already had
 * an account (decision 082): true in both cases, so it tells no one which addresses are
 * customers.
 */
export const REGISTRATION_RECEIVED = {
  title: "Registro recibido",
  description:
    "Si este correo no tenía cuenta, ya está creada: inicia sesión con la contraseña que elegiste. Si ya la tenía, inicia sesión con tu contraseña de siempre.",
} as const;

/** Past ten sign-ups from one IP within an hour, /register answers 429 (decision 082). */
export const TOO_MANY_REGISTRATIONS =
  "Demasiados registros desde esta conexión. Inténtalo de nuevo en una hora.";

/** The store's allowRegistrations setting is off: no new accounts, by form or by Google. */
export const REGISTRATION_CLOSED =
  "El registro de nuevas cuentas está deshabilitado temporalmente.";
