import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect } from "@remix-run/node";
import { z } from "zod/v4";
import { EmailSchema, PasswordSchema } from "~/models/customers/field-schemas.server";
import { SIGN_IN_REFUSALS } from "~/models/customers/users.server";
import { guardAction } from "~/web/guard-action.server";
import type { LoginFormField } from "~/models/auth/login";
import {
  type AuthUser,
  getAuthenticator,
  getUser,
  homeFor,
  safeRedirect,
  signInRefusalOf,
} from "~/web/auth.server";
import { claimLoginAttempt, TOO_MANY_ATTEMPTS } from "~/web/login-throttle.server";
import { continueSignIn } from "~/web/two-factor.server";

/** The sign-in form's fields, checked here only (decision 109); `satisfies` keeps the names the form's. */
export const LoginSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  redirectTo: z.string().optional(),
} satisfies Record<LoginFormField, z.ZodType>);

/** Why a sign-in attempt was refused: its HTTP status, Spanish message and headers. */
export type SignInFailure = { status: number; message: string; headers?: HeadersInit };

/**
 * One e-mail and password sign-in attempt, the same for /login, the admin sign-in pages and
 * POST /api/auth/login: counted first (claimLoginAttempt, decision 081: 429 with Retry-After),
 * then the password checked by `verify`; a right password gives its attempt back. A blocked
 * account is refused with its message, wrong credentials with 401 'Credenciales incorrectas',
 * a full hashing queue with 503 (its attempt given back: the server's fault).
 */
export async function attemptSignIn(
  request: Request,
  input: { email: string; clientIp: string; verify: () => Promise<AuthUser> },
): Promise<{ ok: true; user: AuthUser } | ({ ok: false } & SignInFailure)> {
  const attempt = await claimLoginAttempt(request, input.clientIp, input.email);
  if (!attempt.allowed) {
    return { ok: false, status: 429, message: TOO_MANY_ATTEMPTS, headers: { "Retry-After": "60" } };
  }
  let user;
  try {
    user = await input.verify();
  } catch (error) {
    if (error instanceof Response) throw error;
    const refusal = signInRefusalOf(error);
    if (refusal?.code === "busy") {
      // The server's fault, not a guess: the attempt is given back.
      await attempt.giveBack();
      return {
        ok: false,
        status: refusal.response?.status ?? 503,
        message: refusal.message,
        headers: { "Retry-After": refusal.response?.headers.get("Retry-After") ?? "5" },
      };
    }
    const message = refusal?.message ?? SIGN_IN_REFUSALS.invalid_credentials;
    return { ok: false, status: 401, message };
  }
  // The password was right: this attempt does not count against the limit.
  await attempt.giveBack();
  return { ok: true, user };
}

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

  const signedIn = await attemptSignIn(request, {
    email,
    clientIp: options.clientIp,
    verify: () => getAuthenticator(request).authenticate("form", request),
  });
  if (!signedIn.ok) {
    return json(
      {
        result: submission.reply({ formErrors: [signedIn.message], hideFields: ["password"] }),
      },
      { status: signedIn.status, headers: signedIn.headers },
    );
  }
  const { user } = signedIn;

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
  // An administrator goes on to the second step (decision 163); anyone else is signed in.
  return continueSignIn(request, user, {
    target,
    toast: { title: "¡Bienvenido!" },
    clientIp: options.clientIp,
  });
}

/** Loader of the admin sign-in routes: an admin already signed in goes straight to the panel. */
export async function adminLoginLoader(request: Request) {
  const user = await getUser(request);
  if (user?.role === "admin") throw redirect("/admin");
  return json({});
}
