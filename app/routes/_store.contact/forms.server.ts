import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { EmailSchema, OptionalPhoneSchema } from "~/utils/schemas";

/*
 * The contact form of backoffice.md §5, validated on the server only: the page renders the
 * reply with useServerForm, so zod never reaches the storefront's JS. Lengths follow the
 * messages table's CHECKs.
 */

export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;

const NAME_REQUIRED = "El nombre es requerido";
const SUBJECT_REQUIRED = "El asunto es requerido";
const MESSAGE_TOO_SHORT = `El mensaje debe tener al menos ${CONTACT_MESSAGE_MIN} caracteres`;

const ContactSchema = z.object({
  name: z
    .string({ required_error: NAME_REQUIRED })
    .trim()
    .min(1, NAME_REQUIRED)
    .max(100, "El nombre no puede tener más de 100 caracteres"),
  email: EmailSchema,
  phone: OptionalPhoneSchema,
  subject: z
    .string({ required_error: SUBJECT_REQUIRED })
    .trim()
    .min(1, SUBJECT_REQUIRED)
    .max(200, "El asunto no puede tener más de 200 caracteres"),
  message: z
    .string({ required_error: MESSAGE_TOO_SHORT })
    .trim()
    .min(CONTACT_MESSAGE_MIN, MESSAGE_TOO_SHORT)
    .max(CONTACT_MESSAGE_MAX, `El mensaje no puede tener más de ${CONTACT_MESSAGE_MAX} caracteres`),
});

export function parseContactForm(formData: FormData) {
  return parseWithZod(formData, { schema: ContactSchema });
}
