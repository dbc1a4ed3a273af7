import { z } from "zod/v4";
import { formatPhone, PHONE_PATTERN } from "~/utils/phone";
import {
  ADDRESS_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  FIELD_MESSAGES,
  isPlainAddress,
  isPlainName,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "./fields";

/*
 * The zod rules of a person's details and password: every form that asks for a name, an e-mail,
 * a +504 phone, an address or a password builds on these, so a rule and its message are written
 * once. Server only: every form, the account forms included, is checked by its action and shows
 * the reply with useServerForm (decisions 091, 109), so zod never reaches the browser.
 */

/**
 * A required name, trimmed, at most 100 characters, of letters and a name's punctuation only
 * (decision 132); `required` says which name is missing.
 */
export function nameSchema(
  required: string = FIELD_MESSAGES.nameRequired,
  tooLong: string = FIELD_MESSAGES.nameTooLong,
  invalid: string = FIELD_MESSAGES.nameInvalid,
) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(NAME_MAX_LENGTH, tooLong)
    .refine(isPlainName, invalid);
}

export const FirstNameSchema = nameSchema();
export const LastNameSchema = nameSchema(
  FIELD_MESSAGES.lastNameRequired,
  FIELD_MESSAGES.lastNameTooLong,
  FIELD_MESSAGES.lastNameInvalid,
);

export const EmailSchema = z
  .string({ error: FIELD_MESSAGES.emailRequired })
  .trim()
  .max(EMAIL_MAX_LENGTH, FIELD_MESSAGES.emailTooLong)
  .email(FIELD_MESSAGES.emailInvalid)
  .transform((email) => email.toLowerCase());

/**
 * An optional +504 phone: typed digits are formatted the way the input does it with JS on.
 * `pattern` may narrow the number (the admin's customers screen wants a first digit of 2–9).
 */
export function optionalPhoneSchema(
  pattern: RegExp = PHONE_PATTERN,
  invalid: string = FIELD_MESSAGES.phoneInvalid,
) {
  // null (a JSON body's "no phone") reads as missing; a form never posts it.
  return z
    .string()
    .trim()
    .nullish()
    .transform((value) => (value ? formatPhone(value) : undefined))
    .refine((value) => value === undefined || pattern.test(value), { message: invalid });
}

export const OptionalPhoneSchema = optionalPhoneSchema();

/** A required +504 phone; `invalid` shows the example the form's own input suggests. */
export function phoneSchema(invalid: string = FIELD_MESSAGES.phoneInvalid) {
  return z
    .string({ error: FIELD_MESSAGES.phoneRequired })
    .trim()
    .transform((value) => formatPhone(value))
    .refine((value) => PHONE_PATTERN.test(value), { message: invalid });
}

/** A required address (complete-profile asks for both favourites). */
export function addressSchema(required: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(ADDRESS_MAX_LENGTH, FIELD_MESSAGES.addressTooLong)
    .refine(isPlainAddress, FIELD_MESSAGES.addressInvalid);
}

/** An address as typed, perhaps empty: plain text, at most ADDRESS_MAX_LENGTH characters. */
const AddressText = z
  .string()
  .trim()
  .max(ADDRESS_MAX_LENGTH, FIELD_MESSAGES.addressTooLong)
  .refine(isPlainAddress, FIELD_MESSAGES.addressInvalid);

/** An address that may stay empty (stored as null). */
export const OptionalAddressSchema = AddressText.optional().transform((value) => value || null);

/**
 * A JSON body's address, with the same rules: left out (undefined) it stays as it is; null or
 * "" clears it (PUT /api/profile).
 */
export const AddressChangeSchema = AddressText.nullish();

/** The password typed to sign in: required, and no longer than any password can be. */
export const PasswordSchema = z
  .string({ error: FIELD_MESSAGES.passwordRequired })
  .max(PASSWORD_MAX_LENGTH, FIELD_MESSAGES.passwordTooLong);

/**
 * D12: a password being set, of 8 characters or more. Where the current password is asked too
 * (/profile/security), the messages say "la nueva contraseña". Whether it is common or built from
 * the account's name is weighed on the server only (password-policy.server.ts, decision 083).
 */
export function newPasswordSchema(
  required: string = FIELD_MESSAGES.passwordRequired,
  tooShort: string = FIELD_MESSAGES.passwordTooShort,
) {
  return z
    .string({ error: required })
    .min(PASSWORD_MIN_LENGTH, tooShort)
    .max(PASSWORD_MAX_LENGTH, FIELD_MESSAGES.passwordTooLong);
}

/** A refinement: `confirmPassword` repeats the password at `field`, or says they differ. */
export function samePasswordRule<T extends { confirmPassword?: unknown }>(field: keyof T & string) {
  return (value: T, context: z.RefinementCtx) => {
    if (value[field] === value.confirmPassword) return;
    context.addIssue({
      code: "custom",
      message: FIELD_MESSAGES.passwordsDiffer,
      path: ["confirmPassword"],
    });
  };
}
