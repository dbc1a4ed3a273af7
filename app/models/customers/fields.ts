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
/** Longer adds nothing but hashing time (the hash reads all of it). */
export const PASSWORD_MAX_LENGTH = 200;

/*
 * Decision 132 (issue 37): a name, a city, an address or a reference is what a person writes on
 * an envelope, never a link or markup, since the shop repeats it in its pages and e-mails.
 * Names: letters (accents, ñ, ü), spaces and . ' -; addresses and references add digits and
 * , # / º ª ° ( ) : ; ". Nothing that reads as a web address, in either.
 */
const NAME_PATTERN = /^(?:[\p{L}\p{M}][\p{L}\p{M} .'’-]*)?$/u;
const ADDRESS_PATTERN = /^[\p{L}\p{M}\d .,'’"#/ºª°():;-]*$/u;
const WEB_ADDRESS =
  /:\/\/|www\.|[\p{L}\d-]\.\p{L}{2,}\/|[\p{L}\d-]\.(?:com|net|org|info|biz|io|co|hn|me|app|xyz|site|online|top|link|ly|gl|example)\b/iu;

/** A person's name or a city as it may be written (decision 132). */
export function isPlainName(value: string) {
  return NAME_PATTERN.test(value) && !WEB_ADDRESS.test(value);
}

/** An address or a reference as it may be written (decision 132). */
export function isPlainAddress(value: string) {
  return ADDRESS_PATTERN.test(value) && !WEB_ADDRESS.test(value);
}

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
  nameInvalid:
    "El nombre solo puede llevar letras, espacios y los signos . ' - (sin enlaces ni etiquetas)",
  lastNameInvalid:
    "El apellido solo puede llevar letras, espacios y los signos . ' - (sin enlaces ni etiquetas)",
  addressInvalid:
    "La dirección solo puede llevar letras, números, espacios y los signos . , ' - # / º (sin enlaces ni etiquetas)",
  passwordRequired: "La contraseña es requerida",
  passwordTooShort: `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres`,
  passwordTooLong: "La contraseña es demasiado larga",
  confirmNewPassword: "Confirma la nueva contraseña",
  passwordsDiffer: "Las contraseñas no coinciden",
} as const;
