import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { fieldProps, useServerForm } from "~/components/forms/server-form";
import { PasskeysSection } from "~/components/auth/passkeys-section";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/input";
import { usePendingFormData } from "~/hooks/use-is-pending";
import {
  isApiTokenExpired,
  listAccountApiTokens,
  revokeApiToken,
  type AccountApiToken,
} from "~/models/auth/api-tokens.server";
import { listPasskeys, passkeyDeviceName, removePasskey } from "~/models/auth/passkeys.server";
import { passwordCheckMessage, PROFILE_MESSAGES } from "~/models/customers/users";
import {
  parsePasswordChangeForm,
  type passwordChangeSchema,
} from "~/models/customers/account-forms.server";
import { changeOwnPassword, hasPassword } from "~/models/customers/users.server";
import { guardAction } from "~/web/guard-action.server";
import { requireUser } from "~/web/auth.server";
import { formatDate, formatDateTime } from "~/utils/dates";
import { getSession } from "~/web/session.server";
import { redirectWithToast } from "~/web/toast.server";
import { SessionList } from "~/components/auth/session-list";
import * as TwoFactorOnServer from "~/components/auth/two-factor-section-render.server";
import { keptAsServed } from "~/utils/shown-later";
import {
  handleTwoFactorIntent,
  isTwoFactorIntent,
  twoFactorSectionOf,
} from "~/web/two-factor.server";
import { endSessions, isSessionIntent, sessionsOf } from "~/web/session-list.server";

/*
 * /profile/security (backoffice.md §2, §5, D12): a new password of 8+ characters. Every other
 * session of the user ends; this one stays. An account created with Google and no password
 * sets one without the current-password field. The account's API tokens are listed with
 * 'Revocar' (decision 131): the owner sees what acts for them and ends it; a change of password
 * revokes them all. The account's open sessions are listed with 'Cerrar' (decision 164), its
 * passkeys with 'Eliminar' and 'Agregar llave de acceso' (decision 165).
 */

/* An administrator's forms the page only sends: kept as the server drew them (decision 159). */
const TwoFactorSection = keptAsServed(TwoFactorOnServer.TwoFactorSection, () =>
  import("~/components/auth/two-factor-section").then((module) => module.TwoFactorSection),
);

export const meta: MetaFunction = () => [{ title: "Seguridad | Perfumería de Lujo" }];

const HIDE_FIELDS = ["currentPassword", "newPassword", "confirmPassword"];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const now = new Date();
  const tokens = (await listAccountApiTokens(user.id)).map((token) => ({
    ...token,
    expired: isApiTokenExpired(token, now),
  }));
  const sessions = await sessionsOf(request, user.id);
  return json({
    hasPassword: await hasPassword(user.id),
    tokens,
    sessions,
    twoFactor: await twoFactorSectionOf(request, user),
    passkeys: await listPasskeys(user.id),
    passkeyName: passkeyDeviceName(request.headers.get("user-agent")),
  });
}

/** 'Eliminar' on one of the account's passkeys (decision 165): only the account's own. */
async function removeOwnPasskey(request: Request, userId: number, form: FormData) {
  const id = Number(form.get("passkeyId"));
  const removed = Number.isSafeInteger(id) && id > 0 && (await removePasskey({ id, userId }));
  return redirectWithToast(request, "/profile/security", {
    type: removed ? "success" : "error",
    title: removed ? "Llave de acceso eliminada" : "Error al eliminar la llave de acceso",
    description: removed
      ? "Ya no se puede entrar a tu cuenta con ella."
      : "La llave de acceso no existe o ya estaba eliminada.",
  });
}

/** 'Revocar' on one of the account's tokens: only the account's own (`ownerId`). */
async function revokeOwnToken(request: Request, userId: number, form: FormData) {
  const id = Number(form.get("tokenId"));
  const revoked =
    Number.isSafeInteger(id) && id > 0 && (await revokeApiToken(id, { ownerId: userId }));
  return redirectWithToast(request, "/profile/security", {
    type: revoked ? "success" : "error",
    title: revoked ? "Token revocado" : "Error al revocar el token",
    description: revoked
      ? "Las aplicaciones que lo usaban ya no pueden actuar por tu cuenta."
      : "El token no existe o ya estaba revocado.",
  });
}

export async function action({ request }: ActionFunctionArgs) {
  await guardAction(request);
  const user = await requireUser(request);
  const form = await request.formData();
  if (form.get("intent") === "revoke-token") return revokeOwnToken(request, user.id, form);
  if (isSessionIntent(form.get("intent"))) {
    return endSessions(request, form, { userId: user.id, here: "/profile/security" });
  }
  if (form.get("intent") === "remove-passkey") return removeOwnPasskey(request, user.id, form);
  if (isTwoFactorIntent(form.get("intent"))) return handleTwoFactorIntent(request, form, user);
  const withPassword = await hasPassword(user.id);
  const submission = parsePasswordChangeForm(form, {
    hasPassword: withPassword,
    user,
  });
  if (submission.status !== "success") {
    return json({ result: submission.reply({ hideFields: HIDE_FIELDS }) }, { status: 400 });
  }
  const session = await getSession(request);
  const result = await changeOwnPassword(user.id, submission.value, session.id);
  if (!result.ok) {
    return json(
      {
        result: submission.reply({
          hideFields: HIDE_FIELDS,
          fieldErrors: { currentPassword: [passwordCheckMessage(result.reason, "email")] },
        }),
      },
      { status: result.reason === "too-many" ? 429 : 400 },
    );
  }
  return redirectWithToast(request, "/profile/security", {
    title: PROFILE_MESSAGES.passwordUpdated,
    description:
      "Cerramos tu sesión en los demás dispositivos y revocamos los tokens de API de tu cuenta.",
  });
}

export default function ProfileSecurityRoute() {
  const { hasPassword, tokens, sessions, twoFactor, passkeys, passkeyName } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // Both forms post here: the password form is pending only for its own submission.
  const pendingForm = usePendingFormData();
  const pending = pendingForm !== undefined && !pendingForm.has("intent");
  // The action checks the post; its reply shows here, with or without JS (decision 109).
  const { form, field } = useServerForm<ReturnType<typeof passwordChangeSchema>>({
    id: "password",
    lastResult: actionData?.result,
    defaultValue: {},
  });
  return (
    <div className="space-y-10">
      <section aria-labelledby="cambiar-contrasena" className="max-w-md space-y-4">
        <h2 id="cambiar-contrasena" className="text-lg font-semibold">
          {hasPassword ? "Cambiar contraseña" : "Crear una contraseña"}
        </h2>
        {hasPassword ? null : (
          <p className="text-fg-muted text-sm">
            Entras con Google. Crea una contraseña para poder entrar también con tu correo.
          </p>
        )}
        <Form method="post" {...form.props} className="space-y-4">
          {hasPassword ? (
            <Field
              label="Contraseña actual"
              type="password"
              {...fieldProps(field("currentPassword"))}
              autoComplete="current-password"
            />
          ) : null}
          <Field
            label="Nueva contraseña"
            type="password"
            {...fieldProps(field("newPassword"))}
            autoComplete="new-password"
          />
          <Field
            label="Confirmar nueva contraseña"
            type="password"
            {...fieldProps(field("confirmPassword"))}
            autoComplete="new-password"
          />
          <Button type="submit" disabled={pending}>
            {pending ? "Guardando..." : "Actualizar contraseña"}
          </Button>
        </Form>
      </section>
      <SessionList
        sessions={sessions}
        title="Sesiones abiertas"
        intro="Los equipos donde tu cuenta tiene la sesión iniciada. Si no reconoces uno, ciérralo y cambia tu contraseña."
        endAll={{
          intent: "end-other-sessions",
          label: "Cerrar todas las demás",
          shown: sessions.some((session) => !session.current),
        }}
      />
      {twoFactor ? <TwoFactorSection data={twoFactor} /> : null}
      <PasskeysSection
        passkeys={passkeys}
        defaultName={passkeyName}
        stepUp={twoFactor?.stepUp ?? false}
      />
      <ApiTokens tokens={tokens} />
    </div>
  );
}

type ListedToken = AccountApiToken & { expired: boolean };

function ApiTokens({ tokens }: { tokens: ListedToken[] }) {
  return (
    <section aria-labelledby="tokens-api" className="max-w-2xl space-y-3">
      <h2 id="tokens-api" className="text-lg font-semibold">
        Tokens de API
      </h2>
      <p className="text-fg-muted text-sm">
        Un token permite que una aplicación actúe por tu cuenta. Los crea la tienda a tu pedido; si
        ya no usas uno, o no lo reconoces, revócalo. Cambiar tu contraseña o tu correo los revoca
        todos.
      </p>
      {tokens.length === 0 ? (
        <p className="text-fg-muted text-sm">Tu cuenta no tiene tokens de API.</p>
      ) : (
        <ul className="divide-y rounded-md border">
          {tokens.map((token) => (
            <TokenItem key={token.id} token={token} />
          ))}
        </ul>
      )}
    </section>
  );
}

function tokenState(token: ListedToken) {
  if (token.revokedAt) return "Revocado";
  return token.expired ? "Vencido" : "Activo";
}

function TokenItem({ token }: { token: ListedToken }) {
  const state = tokenState(token);
  const pendingForm = usePendingFormData();
  const revoking =
    pendingForm?.get("intent") === "revoke-token" &&
    pendingForm.get("tokenId") === String(token.id);
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 p-3">
      <div className="space-y-1 text-sm">
        <p className="font-semibold">
          {token.name}{" "}
          <span className="text-fg-muted font-mono text-xs font-normal">{token.prefix}…</span>
        </p>
        <p>
          {token.scope === "write" ? "Lectura y escritura" : "Solo lectura"} ·{" "}
          {token.level === "admin" ? "Nivel administrador" : "Nivel cliente"} · {state}
        </p>
        <dl className="text-fg-muted grid grid-cols-[auto_1fr] gap-x-2 text-xs">
          <dt>Creado:</dt>
          <dd>{formatDate(token.createdAt)}</dd>
          <dt>{token.expired ? "Venció:" : "Vence:"}</dt>
          <dd>{token.expiresAt ? formatDate(token.expiresAt) : "—"}</dd>
          <dt>Último uso:</dt>
          <dd>{token.lastUsedAt ? formatDateTime(token.lastUsedAt) : "Nunca"}</dd>
        </dl>
      </div>
      {state === "Activo" ? (
        <Form method="post">
          <input type="hidden" name="tokenId" value={token.id} />
          <Button
            type="submit"
            name="intent"
            value="revoke-token"
            variant="danger"
            size="sm"
            aria-label={`Revocar ${token.name}`}
            disabled={revoking}
          >
            {revoking ? "Revocando..." : "Revocar"}
          </Button>
        </Form>
      ) : null}
    </li>
  );
}
