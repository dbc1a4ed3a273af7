import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod/v4";
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_MESSAGE_MIN,
  CONTACT_SUBJECT_MAX,
} from "~/models/content/messages";
import {
  EmailSchema,
  FirstNameSchema,
  OptionalPhoneSchema,
} from "~/models/customers/field-schemas.server";

/*
 * The contact form of backoffice.md §5, validated on the server only (decision 091): the page
 * renders the reply with useServerForm, so zod never reaches the storefront's JS. Lengths follow
 * the messages table's CHECKs.
 */

const SUBJECT_REQUIRED = "El asunto es requerido";
const MESSAGE_TOO_SHORT = `El mensaje debe tener al menos ${CONTACT_MESSAGE_MIN} caracteres`;

export const ContactSchema = z.object({
  name: FirstNameSchema,
  email: EmailSchema,
  phone: OptionalPhoneSchema,
  subject: z
    .string({ error: SUBJECT_REQUIRED })
    .trim()
    .min(1, SUBJECT_REQUIRED)
    .max(CONTACT_SUBJECT_MAX, `El asunto no puede tener más de ${CONTACT_SUBJECT_MAX} caracteres`),
  message: z
    .string({ error: MESSAGE_TOO_SHORT })
    .trim()
    .min(CONTACT_MESSAGE_MIN, MESSAGE_TOO_SHORT)
    .max(CONTACT_MESSAGE_MAX, `El mensaje no puede tener más de ${CONTACT_MESSAGE_MAX} caracteres`),
});

export function parseContactForm(formData: FormData) {
  return parseWithZod(formData, { schema: ContactSchema });
}
