import { z } from "zod";
import { EmailSchema, PasswordSchema } from "~/models/customers/field-schemas";

/*
 * The sign-in form of /login, /admin-access and /admin/login: one schema for the browser
 * (components/auth/login-form.tsx, with conform) and the action (login.server.ts), decision 091.
 */
export const LoginSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  redirectTo: z.string().optional(),
});
