import { z } from "zod";
import { formatPhone, PHONE_PATTERN } from "./phone";

/** Client-safe zod pieces shared by forms (the same schema validates in the browser and on the server). */
export const PASSWORD_MIN_LENGTH = 8;

export const EmailSchema = z
  .string({ required_error: "El correo electrónico es requerido" })
  .trim()
  .max(254, "El correo electrónico es demasiado largo")
  .email("Correo electrónico inválido")
  .transform((email) => email.toLowerCase());

/** Optional +504 phone: typed digits are formatted the way the input does it with JS on. */
export const OptionalPhoneSchema = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? formatPhone(value) : undefined))
  .refine((value) => value === undefined || PHONE_PATTERN.test(value), {
    message: "Formato inválido. Ejemplo: +504 0000-0000",
  });

export const PhoneSchema = z
  .string({ required_error: "El teléfono es requerido" })
  .trim()
  .transform((value) => formatPhone(value))
  .refine((value) => PHONE_PATTERN.test(value), {
    message: "Formato inválido. Ejemplo: +504 0000-0000",
  });

/** A quantity typed in the cart or on the product page (storefront §5); callers set the floor. */
export const QuantitySchema = z.coerce
  .number({ required_error: "Indica la cantidad", invalid_type_error: "Indica la cantidad" })
  .int("La cantidad debe ser un número entero");
