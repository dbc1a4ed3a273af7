import { createCookie, redirect } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import QRCode from "qrcode";
import { z } from "zod/v4";
import type { SecondFactorFormField } from "~/models/auth/second-factor";
import {
  checkSecondFactor,
  enableTwoFactor,
  hasTwoFactor,
  needsStepUp,
  newTotpSecret,
  renewRecoveryCodes,
  totpUri,
  twoFactorStatus,
  type SecondFactorMethod,
} from "~/models/auth/two-factor.server";
import {
  forgetTrustedDevices,
  isTrustedDevice,
  listTrustedDevices,
  TRUSTED_DEVICE_DAYS,
  trustDevice,
} from "~/models/auth/trusted-devices.server";
import { deviceLabel } from "~/models/auth/devices";
import { getUserById } from "~/models/customers/users.server";
import { getEnv } from "~/utils/env.server";
import { RateLimiter } from "~/utils/rate-limit.server";
import { openLoginSession, SECOND_STEP_PATH, SETUP_PATH, type AuthUser } from "~/web/auth.server";
import { guardAction } from "~/web/guard-action.server";
import { commitSession, getSession, isHttps, type AppSession } from "~/web/session.server";
import { combineHeaders, redirectWithToast, type ToastInput } from "~/web/toast.server";

/*
 * Decision 163: the administrator's second step, as the web sees it. A right password of an
 * administrator opens no session: the browser's session holds the pending sign-in, and the
 * browser goes to the code (/admin-access/verificar) or, the first time, to the setup
 * (/admin-access/configurar). A remembered device skips the code. A session whose admin has not
 * passed the second step (a customer made admin, a session from before the change) is sent to
 * the same pages by requireAdmin. Dangerous acts ask for a fresh code (step-up).
 */

/** The JSON API's problem types of an administrator's second factor. */
export const SECOND_FACTOR_REQUIRED = "/api/docs#second-factor-required";
export const SECOND_FACTOR_SETUP_REQUIRED = "/api/docs#second-factor-setup-required";

/** A pending sign-in lasts this long: the code is typed right after the password. */
const PENDING_MINUTES = 10;
/** Wrong codes a pending sign-in takes before the password must be typed again. */
export const MAX_CODE_FAILURES = 5;
/**
 * Wrong codes an account takes in 15 minutes, whatever the browser: typing the password again
 * does not buy more guesses. 10 guesses of a million codes (3 valid at a time) a quarter-hour.
 */
const codesByAccount = new RateLimiter({
  scope: "second-factor",
  limit: 10,
  windowMs: 15 * 60_000,
});

export const SECOND_FACTOR_MESSAGES = {
  wrongCode:
    "El código no es correcto o ya se usó. Escribe el código que muestra tu aplicación ahora.",
  tooMany:
    "Demasiados códigos incorrectos. Por seguridad, vuelve a iniciar sesión con tu contraseña.",
  accountLimited:
    "Demasiados códigos incorrectos en esta cuenta. Espera 15 minutos e inténtalo de nuevo.",
  expired: "Tu inicio de sesión venció. Vuelve a escribir tu correo y contraseña.",
  stepUpTitle: "Confirma que eres tú",
  stepUp: "Para este cambio, escribe el código de tu aplicación de autenticación.",
} as const;

/** The second step's form, checked here only; `satisfies` keeps the names the form's. */
export const SecondFactorSchema = z.object({
  code: z
    .string({
      error: "Escribe el código de 6 dígitos de tu aplicación o un código de recuperación.",
    })
    .trim()
    .min(6, "Escribe el código de 6 dígitos de tu aplicación o un código de recuperación.")
    .max(20, "El código es demasiado largo."),
  remember: z.literal("on").optional(),
} satisfies Record<SecondFactorFormField, z.ZodType>);

/** The second step's (or its setup's) post, read by its schema: conform's submission. */
export function parseSecondFactorForm(formData: FormData) {
  return parseWithZod(formData, { schema: SecondFactorSchema });
}

/* The "recordar este equipo" cookie: tokens of up to five accounts (an office PC is shared). */
let trustedCookie: ReturnType<typeof createCookie> | undefined;
function getTrustedCookie() {
  trustedCookie ??= createCookie("trusted_device", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: TRUSTED_DEVICE_DAYS * 24 * 60 * 60,
    secrets: getEnv().SESSION_SECRETS,
  });
  return trustedCookie;
}

async function trustedTokens(request: Request): Promise<string[]> {
  const value = await getTrustedCookie().parse(request.headers.get("Cookie"));
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

async function rememberThisDevice(request: Request, userId: number) {
  const { token } = await trustDevice(userId, deviceLabel(request.headers.get("User-Agent")));
  const tokens = [token, ...(await trustedTokens(request))].slice(0, 5);
  return getTrustedCookie().serialize(tokens, { secure: isHttps(request) });
}

/**
 * After an administrator's right password: straight in from a remembered device; otherwise the
 * pending sign-in is kept in this browser's session and the browser sent to the second step.
 * Other accounts are signed in as before.
 */
export async function continueSignIn(
  request: Request,
  user: AuthUser,
  { target, toast, clientIp }: { target: string; toast: ToastInput; clientIp: string | null },
) {
  if (user.role !== "admin") {
    return redirect(target, {
      headers: await openLoginSession(request, user, toast, { clientIp }),
    });
  }
  const enrolled = await hasTwoFactor(user.id);
  if (enrolled && (await isTrustedDevice(user.id, await trustedTokens(request)))) {
    const headers = await openLoginSession(request, user, toast, {
      clientIp,
      secondFactor: "device",
    });
    return redirect(target, { headers });
  }
  const session = await getSession(request);
  session.set("pendingSignIn", {
    userId: user.id,
    startedAt: new Date().toISOString(),
    redirectTo: target,
    failures: 0,
  });
  return redirect(enrolled ? SECOND_STEP_PATH : SETUP_PATH, {
    headers: { "Set-Cookie": await commitSession(request, session) },
  });
}

/**
 * Who is at the second step: a pending sign-in of this browser (a right password less than 10
 * minutes ago, its account still an unblocked administrator), or a signed-in administrator
 * whose session has not passed it. Null for anyone else.
 */
export async function secondStepSubject(request: Request) {
  const session = await getSession(request);
  const pending = session.get("pendingSignIn");
  if (pending) {
    const fresh = Date.now() - Date.parse(pending.startedAt) < PENDING_MINUTES * 60_000;
    const user = fresh ? await getUserById(pending.userId) : undefined;
    if (user && !user.isBlocked && user.role === "admin") {
      return { session, user, pending, enrolled: await hasTwoFactor(user.id) } as const;
    }
  }
  const userId = session.get("userId");
  if (typeof userId === "number" && !session.get("secondFactor")) {
    const user = await getUserById(userId);
    if (user && !user.isBlocked && user.role === "admin") {
      return { session, user, pending: null, enrolled: await hasTwoFactor(user.id) } as const;
    }
  }
  return null;
}

export type SecondStepSubject = NonNullable<Awaited<ReturnType<typeof secondStepSubject>>>;

/**
 * Who is at one of the second step's pages: the setup (an account without a factor) or the code
 * (one with). Anyone else is sent away: to the sign-in, the panel, or the other page.
 */
export async function requireSecondStepSubject(request: Request, page: "setup" | "code") {
  const subject = await secondStepSubject(request);
  if (!subject) throw await leaveSecondStep(request);
  if (page === "code" && !subject.enrolled) throw redirect(SETUP_PATH);
  if (page === "setup" && subject.enrolled) throw redirect(SECOND_STEP_PATH);
  return subject;
}

/** A post to one of those pages: checked as every action is, then its code's submission. */
export async function readSecondStepPost(request: Request, page: "setup" | "code") {
  await guardAction(request);
  const subject = await requireSecondStepSubject(request, page);
  return { subject, submission: parseSecondFactorForm(await request.formData()) };
}

/** The second step's pages without someone at it: back to the sign-in, or on to the panel. */
export async function leaveSecondStep(request: Request) {
  const session = await getSession(request);
  if (typeof session.get("userId") === "number" && session.get("secondFactor")) {
    return redirect("/admin");
  }
  const hadPending = session.get("pendingSignIn") !== undefined;
  session.unset("pendingSignIn");
  return redirectWithToast(
    request,
    "/admin-access",
    hadPending ? { type: "error", title: SECOND_FACTOR_MESSAGES.expired } : null,
    hadPending ? { session } : {},
  );
}

/**
 * A code typed for an account (the second step, a step-up, the API's sign-in): the app's code
 * or a recovery code. Wrong codes are counted per account: 10 in 15 minutes, then none is
 * checked until the window ends.
 */
export async function checkAccountCode(userId: number, code: string) {
  const key = String(userId);
  if (await codesByAccount.isLimited(key)) {
    return { ok: false, message: SECOND_FACTOR_MESSAGES.accountLimited, status: 429 } as const;
  }
  const checked = await checkSecondFactor({ userId, code, now: new Date() });
  if (checked.ok) return checked;
  await codesByAccount.hit(key);
  return { ok: false, message: SECOND_FACTOR_MESSAGES.wrongCode, status: 400 } as const;
}

/**
 * A code typed at the second step: checkAccountCode's, and 5 wrong ones per pending sign-in,
 * then the password again (`restart`: the pending sign-in was dropped).
 */
export async function checkSecondStepCode(subject: SecondStepSubject, code: string) {
  const checked = await checkAccountCode(subject.user.id, code);
  if (checked.ok || !subject.pending) return checked;
  const failures = subject.pending.failures + 1;
  if (failures >= MAX_CODE_FAILURES) {
    subject.session.unset("pendingSignIn");
    return { ...checked, message: SECOND_FACTOR_MESSAGES.tooMany, restart: true } as const;
  }
  subject.session.set("pendingSignIn", { ...subject.pending, failures });
  return checked;
}

/** Where new recovery codes are shown, once. */
export const RECOVERY_CODES_PATH = "/admin-access/codigos";

/**
 * The second step passed: a pending sign-in opens its session (a new id, as every sign-in);
 * a signed-in administrator's session records it. With `remember`, this browser skips the code
 * for 30 days. With `recoveryCodes` (a setup just made them), the browser goes to the page that
 * shows them once, then on. Returns the headers to send (the cookies) and where to go.
 */
export async function passSecondStep(
  request: Request,
  subject: SecondStepSubject,
  method: SecondFactorMethod,
  {
    remember,
    recoveryCodes,
    clientIp,
  }: { remember: boolean; recoveryCodes?: string[]; clientIp: string | null },
) {
  const remembered = remember ? await rememberThisDevice(request, subject.user.id) : null;
  const next = subject.pending?.redirectTo ?? "/admin";
  const toShow = recoveryCodes ? { codes: recoveryCodes, next } : undefined;
  const to = toShow ? RECOVERY_CODES_PATH : next;
  if (subject.pending) {
    const headers = await openLoginSession(
      request,
      { id: subject.user.id, role: subject.user.role },
      { title: "¡Bienvenido!" },
      { clientIp, secondFactor: method, recoveryCodesToShow: toShow },
    );
    return {
      headers: combineHeaders(headers, remembered ? { "Set-Cookie": remembered } : null),
      to,
    };
  }
  subject.session.set("secondFactor", { method, provedAt: new Date().toISOString() });
  if (toShow) subject.session.set("recoveryCodesToShow", toShow);
  const cookie = await commitSession(request, subject.session);
  return {
    headers: combineHeaders(
      { "Set-Cookie": cookie },
      remembered ? { "Set-Cookie": remembered } : null,
    ),
    to,
  };
}

/**
 * The setup's secret for this subject: the one this browser's session holds, or a new one (kept
 * there until a code confirms it). With the QR code that carries it, drawn here as an SVG (no
 * outside service ever sees the secret), and the secret in groups of four to type by hand.
 */
export async function setupSecret(subject: SecondStepSubject) {
  let setup = subject.session.get("twoFactorSetup");
  if (setup?.userId !== subject.user.id) {
    setup = { userId: subject.user.id, secret: newTotpSecret() };
    subject.session.set("twoFactorSetup", setup);
  }
  const uri = totpUri({ secret: setup.secret, account: subject.user.email });
  const qrSvg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { secret: setup.secret, grouped: setup.secret.match(/.{1,4}/g)!.join(" "), qrSvg };
}

/**
 * The setup's code: the secret is stored with ten new recovery codes, and the second step is
 * passed. Null when the code is wrong (counted like the second step's) or there was no setup.
 */
export async function confirmSetup(
  request: Request,
  subject: SecondStepSubject,
  { code, remember, clientIp }: { code: string; remember: boolean; clientIp: string | null },
) {
  const setup = subject.session.get("twoFactorSetup");
  const key = String(subject.user.id);
  if (!setup || setup.userId !== subject.user.id)
    return { ok: false, message: SECOND_FACTOR_MESSAGES.expired } as const;
  if (await codesByAccount.isLimited(key)) {
    return { ok: false, message: SECOND_FACTOR_MESSAGES.accountLimited } as const;
  }
  const enabled = await enableTwoFactor({
    userId: subject.user.id,
    secret: setup.secret,
    code,
    now: new Date(),
  });
  if (!enabled.ok) {
    if (enabled.reason === "already-enabled")
      return { ok: false, message: SECOND_FACTOR_MESSAGES.expired } as const;
    await codesByAccount.hit(key);
    return { ok: false, message: SETUP_WRONG_CODE } as const;
  }
  subject.session.unset("twoFactorSetup");
  const passed = await passSecondStep(request, subject, "totp", {
    remember,
    recoveryCodes: enabled.recoveryCodes,
    clientIp,
  });
  return { ok: true, ...passed } as const;
}

const SETUP_WRONG_CODE =
  "El código no es correcto. Revisa que la hora de tu teléfono esté en automático y escribe el código que muestra ahora.";

/** Writes a refused code's count to the browser's session (the pending sign-in's failures). */
export async function keepSecondStep(request: Request, subject: SecondStepSubject) {
  return { "Set-Cookie": await commitSession(request, subject.session) };
}

/*
 * Step-up (issue 40, point 2): changing a user's role or password, creating an API token,
 * restoring a backup and changing fiscal or bank settings ask for a code when the session's
 * last one is older than 10 minutes. The page's loader says whether to show the code field
 * (`stepUpNeeded`); the action checks (`requireRecentSecondFactor`).
 */

function lastProof(session: AppSession) {
  const provedAt = session.get("secondFactor")?.provedAt;
  return provedAt ? new Date(provedAt) : null;
}

/** Whether this session's next dangerous act must carry a code. */
export async function stepUpNeeded(request: Request) {
  return needsStepUp(lastProof(await getSession(request)), new Date());
}

/** The name of the code field a dangerous form carries (components/auth/step-up-field.tsx). */
export const STEP_UP_FIELD = "stepUpCode";

/**
 * Whether a dangerous act may go on: the session's last code is recent, or the form carries a
 * right one (then it is recorded, and the next 10 minutes ask for none). Otherwise the refusal's
 * message, for the action to answer with the form as typed; nothing changed.
 */
export async function recentSecondFactor(
  request: Request,
  form: Pick<FormData, "get"> | URLSearchParams,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const session = await getSession(request);
  const now = new Date();
  if (!needsStepUp(lastProof(session), now)) return { ok: true };
  const userId = session.get("userId");
  const code = String(form.get(STEP_UP_FIELD) ?? "").trim();
  if (typeof userId !== "number" || code === "") {
    return { ok: false, message: SECOND_FACTOR_MESSAGES.stepUp };
  }
  const checked = await checkAccountCode(userId, code);
  if (!checked.ok) return { ok: false, message: checked.message };
  session.set("secondFactor", { method: checked.method, provedAt: now.toISOString() });
  // The row is the session: its id (the cookie) does not change.
  await commitSession(request, session);
  return { ok: true };
}

/**
 * recentSecondFactor for a small form (a role, a password): refused, it redirects to `returnTo`,
 * whose page then shows the code field, with the refusal as a toast.
 */
export async function requireRecentSecondFactor(
  request: Request,
  form: FormData,
  returnTo: string,
) {
  const fresh = await recentSecondFactor(request, form);
  if (fresh.ok) return;
  throw await redirectWithToast(request, returnTo, {
    type: "error",
    title: SECOND_FACTOR_MESSAGES.stepUpTitle,
    description: fresh.message,
  });
}

/*
 * /profile/security's "Verificación en dos pasos" (an administrator's): the factor's state, the
 * devices remembered for 30 days with 'Olvidar', and new recovery codes (a dangerous act: it
 * asks for a fresh code, and the codes are shown once by /admin-access/codigos).
 */

const SECURITY_PAGE = "/profile/security";
const TWO_FACTOR_INTENTS = new Set(["forget-device", "forget-devices", "renew-recovery-codes"]);

export function isTwoFactorIntent(intent: FormDataEntryValue | null) {
  return typeof intent === "string" && TWO_FACTOR_INTENTS.has(intent);
}

/** The section's data, or null for an account that has no second factor to show. */
export async function twoFactorSectionOf(request: Request, user: { id: number; role: string }) {
  const status = await twoFactorStatus(user.id);
  if (user.role !== "admin" || !status) return null;
  return {
    ...status,
    devices: await listTrustedDevices(user.id),
    stepUp: await stepUpNeeded(request),
  };
}

export async function handleTwoFactorIntent(
  request: Request,
  form: FormData,
  user: { id: number; role: string },
) {
  const intent = form.get("intent");
  if (intent === "renew-recovery-codes") {
    await requireRecentSecondFactor(request, form, SECURITY_PAGE);
    const codes = await renewRecoveryCodes(user.id);
    if (!codes) {
      return redirectWithToast(request, SECURITY_PAGE, {
        type: "error",
        title: "Tu cuenta no tiene verificación en dos pasos",
      });
    }
    const session = await getSession(request);
    session.set("recoveryCodesToShow", { codes, next: SECURITY_PAGE });
    return redirect(RECOVERY_CODES_PATH, {
      headers: { "Set-Cookie": await commitSession(request, session) },
    });
  }
  const deviceId = intent === "forget-device" ? Number(form.get("deviceId")) : undefined;
  const valid = deviceId === undefined || (Number.isSafeInteger(deviceId) && deviceId > 0);
  // Only the account's own devices: forgetTrustedDevices deletes by the account's id.
  const forgotten = valid ? await forgetTrustedDevices(user.id, { deviceId }) : 0;
  return redirectWithToast(request, SECURITY_PAGE, {
    type: forgotten > 0 ? "success" : "error",
    title: forgotten > 0 ? "Equipo olvidado" : "No había equipo que olvidar",
    description:
      forgotten > 0
        ? "Al iniciar sesión desde él se volverá a pedir el código."
        : "El equipo no existe o ya estaba olvidado.",
  });
}
