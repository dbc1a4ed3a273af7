import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link } from "@remix-run/react";
import { AuthCard } from "~/components/auth/auth-card";
import { getUser, requireUser } from "~/models/auth/auth.server";
import { guardAction } from "~/models/auth/guard-action.server";
import { EMAIL_VERIFICATION_MESSAGES } from "~/models/customers/email-verification";
import {
  resendVerificationEmail,
  verificationEnforced,
  verifyEmail,
} from "~/models/customers/email-verification.server";
import { getMailContext } from "~/models/mail/context.server";
import { getSettings } from "~/models/settings/settings.server";
import { verificationResends } from "~/utils/public-form-limits.server";
import { safeRedirect } from "~/utils/redirect.server";
import { redirectWithToast } from "~/utils/toast.server";

/*
 * /verify-email (decision 106). GET ?token=… is the e-mail's link: a good one verifies the
 * account and goes on with a toast (to the account when signed in, else to sign in); a bad one
 * shows one refusal. POST is 'Reenviar correo de verificación' (signed in, rate limited), from
 * the account's banner and the checkout.
 */

export const meta: MetaFunction = () => [
  { title: "Verificar correo | Perfumería de Lujo" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const verified = await verifyEmail(token);
  if (verified === null) return json({ invalid: true }, { status: 400 });
  const user = await getUser(request);
  return redirectWithToast(request, user?.id === verified ? "/account" : "/login", {
    title: EMAIL_VERIFICATION_MESSAGES.verified,
    description: EMAIL_VERIFICATION_MESSAGES.verifiedDescription,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  await guardAction(request);
  const user = await requireUser(request);
  const back = safeRedirect((await request.formData()).get("redirectTo"), "/account");
  if (user.emailVerifiedAt) {
    return redirectWithToast(request, back, { title: EMAIL_VERIFICATION_MESSAGES.alreadyVerified });
  }
  // With the requirement off (or no SMTP) there is nothing to send (decision 106).
  if (!verificationEnforced(await getSettings())) return redirectWithToast(request, back, null);
  if (!(await verificationResends.consume(String(user.id)))) {
    return redirectWithToast(request, back, {
      type: "error",
      title: EMAIL_VERIFICATION_MESSAGES.tooMany,
    });
  }
  await resendVerificationEmail(user.id, await getMailContext());
  return redirectWithToast(request, back, {
    title: EMAIL_VERIFICATION_MESSAGES.resent,
    description: EMAIL_VERIFICATION_MESSAGES.resentDescription,
  });
}

export default function VerifyEmailRoute() {
  return (
    <AuthCard
      title="Enlace no válido"
      footer={
        <Link to="/login" className="text-accent font-medium underline">
          Iniciar sesión
        </Link>
      }
    >
      <p role="alert" className="text-sm">
        {EMAIL_VERIFICATION_MESSAGES.invalidLink}
      </p>
    </AuthCard>
  );
}
