import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link } from "@remix-run/react";
import { AuthCard } from "~/components/auth/auth-card";
import { getUser, requireUser } from "~/web/auth.server";
import { guardAction } from "~/web/guard-action.server";
import {
  EMAIL_VERIFICATION_MESSAGES,
  verificationRequestToast,
} from "~/models/customers/email-verification";
import {
  requestVerificationEmail,
  verifyEmail,
} from "~/models/customers/email-verification.server";
import { safeRedirect } from "~/web/redirect.server";
import { getSession } from "~/web/session.server";
import { redirectWithToast } from "~/web/toast.server";

/*
 * /verify-email (decision 106). GET ?token=… is the e-mail's link: a good one verifies the
 * account and goes on with a toast (when that account is signed in here, back to the page that
 * asked for the link, else the account; otherwise to sign in); a bad one shows one refusal. POST
 * is 'Reenviar correo de verificación' (signed in, rate limited), from the account's banner and
 * the checkout's (the checkout's pay-later line asks through its own form, decision 128).
 */

export const meta: MetaFunction = () => [
  { title: "Verificar correo | Perfumería de Lujo" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const verified = await verifyEmail(token);
  if (verified === null) return json({ invalid: true }, { status: 400 });
  const toast = {
    title: EMAIL_VERIFICATION_MESSAGES.verified,
    description: EMAIL_VERIFICATION_MESSAGES.verifiedDescription,
  };
  const user = await getUser(request);
  if (user?.id !== verified) return redirectWithToast(request, "/login", toast);
  // Decision 128: back where the link was asked for (the checkout keeps its draft meanwhile).
  const session = await getSession(request);
  const back = safeRedirect(session.get("verifyReturnTo"), "/account");
  session.unset("verifyReturnTo");
  return redirectWithToast(request, back, toast, { session });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await guardAction(request);
  const user = await requireUser(request);
  const back = safeRedirect((await request.formData()).get("redirectTo"), "/account");
  const result = await requestVerificationEmail(user, { clientIp: context.clientIp ?? "unknown" });
  const session = await getSession(request);
  if (result === "sent") session.set("verifyReturnTo", back);
  return redirectWithToast(request, back, verificationRequestToast(result), { session });
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
