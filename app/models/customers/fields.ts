/*
 * A person's details and password as every form of the store asks for them (backoffice.md §5,
 * storefront.md §5, D12): the limits and the Spanish messages, written once. No zod here, so a
 * page that validates on the server only (decision 091) can read a limit for an input's
 * `maxLength` without downloading zod; the rules built from these are in
 * ./field-schemas.server.ts.
 */

export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const ADDRESS_MAX_LENGTH = 300;
/** D12: at least 8 characters everywhere (registration, own change, the admin's forms, the seed). */
export const PASSWORD_MIN_LENGTH = 8;
/** Longer adds nothing but hashing time (scrypt reads all of it). */
export const PASSWORD_MAX_LENGTH = 200;

export const FIELD_MESSAGES = {
  nameRequired: "El nombre es requerido",
  nameTooLong: "El nombre es demasiado largo",
  lastNameRequired: "El apellido es requerido",
  lastNameTooLong: "El apellido es demasiado largo",
  emailRequired: "El correo electrónico es requerido",
  emailInvalid: "Correo electrónico inválido",
  emailTooLong: "El correo electrónico es demasiado largo",
  phoneRequired: "El teléfono es requerido",
  phoneInvalid: "Formato inválido. Ejemplo: +504 0000-0000",
  addressTooLong: "La dirección es demasiado larga",
  passwordRequired: "La contraseña es requerida",
  passwordTooShort: `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres`,
  passwordTooLong: "La contraseña es demasiado larga",
  confirmNewPassword: "Confirma la nueva contraseña",
  passwordsDiffer: "Las contraseñas no coinciden",
} as const;
