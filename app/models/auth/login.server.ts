import { parseWithZod } from "@conform-to/zod";
import { json, redirect } from "@remix-run/node";
import { z } from "zod";
import { EmailSchema, PasswordSchema } from "~/models/customers/field-schemas.server";
import { SIGN_IN_REFUSALS, signInRefusalOf } from "~/models/customers/users.server";
import { guardAction } from "./guard-action.server";
import type { LoginFormField } from "./login";
import {
  createLoginSession,
  getAuthenticator,
  getUser,
  homeFor,
  safeRedirect,
} from "./auth.server";
import { claimLoginAttempt, rememberDevice, TOO_MANY_ATTEMPTS } from "./login-throttle.server";
import { isHttps } from "~/utils/session.server";

/** The sign-in form's fields, checked here only (decision 109); `satisfies` keeps the names the form's. */
const LoginSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  redirectTo: z.string().optional(),
} satisfies Record<LoginFormField, z.ZodTypeAny>);

/**
 * The sign-in action behind /login, /admin-access and /admin/login. The admin variants
 * refuse customers without creating a session (storefront.md §2: "for admins only").
 */
export async function handleLogin(
  request: Request,
  options: { adminOnly: boolean; clientIp: string },
) {
  await guardAction(request);
  const formData = await request.clone().formData();
  const submission = parseWithZod(formData, { schema: LoginSchema });
  if (submission.status !== "success") {
    return json({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const { email, redirectTo } = submission.value;

  const attempt = await claimLoginAttempt(request, options.clientIp, email);
  if (!attempt.allowed) {
    return json(
      { result: submission.reply({ formErrors: [TOO_MANY_ATTEMPTS], hideFields: ["password"] }) },
      { status: 429, headers: { "Retry-After": "60" } },
    );
  }

  let user;
  try {
    user = await getAuthenticator(request).authenticate("form", request);
  } catch (error) {
    if (error instanceof Response) throw error;
    const refusal = signInRefusalOf(error);
    if (refusal?.code === "busy") {
      // The server's fault, not a guess: the attempt is given back.
      await attempt.giveBack();
      return json(
        { result: submission.reply({ formErrors: [refusal.message], hideFields: ["password"] }) },
        {
          status: refusal.response?.status ?? 503,
          headers: { "Retry-After": refusal.response?.headers.get("Retry-After") ?? "5" },
        },
      );
    }
    const message = refusal?.message ?? SIGN_IN_REFUSALS.invalid_credentials;
    return json(
      { result: submission.reply({ formErrors: [message], hideFields: ["password"] }) },
      { status: 401 },
    );
  }

  // The password was right: this attempt does not count against the limit.
  await attempt.giveBack();

  if (options.adminOnly && user.role !== "admin") {
    return json(
      {
        result: submission.reply({
          formErrors: ["Acceso solo para administradores."],
          hideFields: ["password"],
        }),
      },
      { status: 403 },
    );
  }

  const target = user.role === "admin" ? "/admin" : safeRedirect(redirectTo, homeFor(user));
  const response = await createLoginSession(request, user, target, { title: "¡Bienvenido!" });
  response.headers.append("Set-Cookie", await rememberDevice(request, email, isHttps(request)));
  return response;
}

/** Loader of the admin sign-in routes: an admin already signed in goes straight to the panel. */
export async function adminLoginLoader(request: Request) {
  const user = await getUser(request);
  if (user?.role === "admin") throw redirect("/admin");
  return json({});
}
