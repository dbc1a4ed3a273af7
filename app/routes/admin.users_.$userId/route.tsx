import { ADMIN_USER_REFUSALS } from "~/models/customers/admin";
import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Badge } from "~/components/ui/badge";
import { usePendingFormData } from "~/hooks/use-is-pending";
import {
  addUserNote,
  getAdminUser,
  listUserActivity,
  listUserOrders,
  resetUserPassword,
  setUserBlocked,
  setUserRole,
  updateUserInfo,
  type GuardedRefusal,
} from "~/models/customers/admin.server";
import { getLoyaltyAccount } from "~/models/loyalty/loyalty.server";
import { guardAction } from "~/web/guard-action.server";
import { parseUserAction } from "~/models/customers/admin-submission.server";
import { requireAdmin } from "~/web/auth.server";
import { idParam, invariantResponse } from "~/utils/invariant";
import { redirectWithToast } from "~/web/toast.server";
import { endSessions, isSessionIntent, sessionsOf } from "~/web/session-list.server";
import { SessionList } from "~/components/auth/session-list";
import { AccountActions, InfoForm, NoteForm, PasswordForm } from "./user-forms";
import { endUserSessions } from "~/models/auth/sessions.server";
import { resetTwoFactor, twoFactorStatus } from "~/models/auth/two-factor.server";
import { requireRecentSecondFactor, stepUpNeeded } from "~/web/two-factor.server";

const STEP_UP_INTENTS = new Set(["set-role", "set-password", "reset-two-factor"]);
import { ActivityHistory, LoyaltySummary, OrderHistory } from "./user-history";

/*
 * The profile view of backoffice.md §2 "Users": the account's details and every admin action on
 * it (one action, told apart by `intent`), its loyalty, its orders and its activity history.
 * Deleting has its own confirmation page (admin.users_.$userId_.delete.tsx). The account's
 * open sessions are listed with 'Cerrar' and 'Cerrar todas' (decision 164).
 */

const USER_NOT_FOUND = ADMIN_USER_REFUSALS.notFound;
const LAST_ADMIN = ADMIN_USER_REFUSALS.lastAdmin;
const EMAIL_TAKEN = ADMIN_USER_REFUSALS.emailTaken;
const RECENT_POINTS = 10;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: `${data ? `${data.user.firstName} ${data.user.lastName}` : "Usuario"} | Panel Administrativo`,
  },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const user = await getAdminUser(idParam(params.userId, USER_NOT_FOUND));
  invariantResponse(user, USER_NOT_FOUND, { status: 404 });
  const [account, orders, activity, sessions] = await Promise.all([
    getLoyaltyAccount(user.id),
    listUserOrders(user.id),
    listUserActivity(user.id),
    sessionsOf(request, user.id),
  ]);
  const loyalty = {
    balance: account.balance,
    pointsEarned: account.pointsEarned,
    tier: account.tier,
    history: account.history.slice(0, RECENT_POINTS),
  };
  // Decision 163: whether the role and password forms must carry a code, and the factor's state.
  const stepUp = await stepUpNeeded(request);
  const twoFactor = user.role === "admin" ? await twoFactorStatus(user.id) : null;
  return json({
    user,
    isSelf: user.id === admin.id,
    loyalty,
    orders,
    activity,
    sessions,
    stepUp,
    twoFactor,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await guardAction(request);
  const admin = await requireAdmin(request);
  const id = idParam(params.userId, USER_NOT_FOUND);
  const here = `/admin/users/${id}`;
  const formData = await request.formData();
  const account = await getAdminUser(id);
  if (isSessionIntent(formData.get("intent"))) {
    invariantResponse(account, USER_NOT_FOUND, { status: 404 });
    return endSessions(request, formData, { userId: id, here });
  }
  const submission = parseUserAction(formData, [
    account?.email,
    account?.firstName,
    account?.lastName,
  ]);
  if (submission.status !== "success") {
    const intent = formData.get("intent");
    invariantResponse(
      intent === "update-info" || intent === "set-password" || intent === "add-note",
      "Solicitud inválida",
      { status: 400 },
    );
    const result = submission.reply({ hideFields: ["password", "confirmPassword"] });
    return json({ intent, result }, { status: 400 });
  }
  const input = submission.value;
  // Decision 163: these ask for a code when the session's last one is over 10 minutes old.
  if (STEP_UP_INTENTS.has(input.intent)) await requireRecentSecondFactor(request, formData, here);
  const refused = (title: string, reason: GuardedRefusal, self: string) => {
    invariantResponse(reason !== "not-found", USER_NOT_FOUND, { status: 404 });
    const description = reason === "self" ? self : LAST_ADMIN;
    return redirectWithToast(request, here, { type: "error", title, description });
  };

  switch (input.intent) {
    case "update-info": {
      const { intent: _, ...changes } = input;
      const updated = await updateUserInfo(admin.id, id, changes);
      if (!updated.ok) {
        invariantResponse(updated.error !== "not-found", USER_NOT_FOUND, { status: 404 });
        const result = submission.reply({
          formErrors: [EMAIL_TAKEN],
          fieldErrors: { email: [EMAIL_TAKEN] },
        });
        return json({ intent: input.intent, result }, { status: 400 });
      }
      return redirectWithToast(
        request,
        here,
        updated.changed.length > 0
          ? { title: "Información actualizada" }
          : { type: "info", title: "Sin cambios", description: "No había cambios que guardar." },
      );
    }
    case "set-role": {
      const changed = await setUserRole(admin.id, id, input.role);
      if (!changed.ok) {
        return refused(
          "Error al actualizar el rol del usuario",
          changed.error,
          ADMIN_USER_REFUSALS.selfRole,
        );
      }
      return redirectWithToast(request, here, { title: "Rol actualizado" });
    }
    case "block":
    case "unblock": {
      const blocked = input.intent === "block";
      const changed = await setUserBlocked(admin.id, id, blocked);
      if (!changed.ok) {
        return refused(
          "Error al cambiar el estado del usuario",
          changed.error,
          ADMIN_USER_REFUSALS.selfBlock,
        );
      }
      return redirectWithToast(
        request,
        here,
        blocked
          ? { title: "Usuario bloqueado", description: "Se cerraron todas sus sesiones." }
          : { title: "Usuario reactivado", description: "Ya puede volver a iniciar sesión." },
      );
    }
    case "set-password": {
      const reset = await resetUserPassword(admin.id, id, input.password);
      if (!reset.ok) {
        return refused(
          "Error al cambiar la contraseña",
          reset.error,
          ADMIN_USER_REFUSALS.selfPassword,
        );
      }
      return redirectWithToast(request, here, {
        title: "Contraseña actualizada",
        description: "Se cerraron todas sus sesiones.",
      });
    }
    case "reset-two-factor": {
      invariantResponse(id !== admin.id, "Tu propia verificación se cambia desde tu perfil.", {
        status: 403,
      });
      invariantResponse(account, USER_NOT_FOUND, { status: 404 });
      await resetTwoFactor(id);
      // Its sessions end too: the next sign-in sets up a new code.
      await endUserSessions(id);
      return redirectWithToast(request, here, {
        title: "Verificación en dos pasos restablecida",
        description: "Al iniciar sesión configurará un código nuevo. Se cerraron sus sesiones.",
      });
    }
    case "add-note": {
      const added = await addUserNote(admin.id, id, input.note);
      // The schema refused an empty note already; only a vanished user is left.
      invariantResponse(added.ok, USER_NOT_FOUND, { status: 404 });
      return redirectWithToast(request, here, { title: "Nota agregada" });
    }
  }
}

export default function AdminUserRoute() {
  const { user, isSelf, loyalty, orders, activity, sessions, stepUp, twoFactor } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // Several forms: each button says so only while its own form is on its way.
  const pendingIntent = usePendingFormData()?.get("intent");
  const lastResultOf = (intent: string) =>
    actionData?.intent === intent ? actionData.result : null;
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  return (
    <div className="max-w-4xl space-y-6">
      <div>
        <Link to="/admin/users" className="text-accent text-sm underline">
          ← Usuarios
        </Link>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold">{name}</h1>
          {user.role === "admin" ? (
            <Badge variant="solid">Administrador</Badge>
          ) : (
            <Badge variant="neutral">Cliente</Badge>
          )}
          {user.isBlocked ? (
            <Badge variant="danger">Bloqueado</Badge>
          ) : (
            <Badge variant="success">Activo</Badge>
          )}
        </div>
        <p className="text-fg-muted text-sm">{user.email}</p>
      </div>

      <InfoForm
        user={user}
        lastResult={lastResultOf("update-info")}
        pending={pendingIntent === "update-info"}
      />
      <AccountActions
        user={user}
        isSelf={isSelf}
        pendingIntent={pendingIntent}
        stepUp={stepUp}
        twoFactor={twoFactor}
      />
      {isSelf ? null : (
        <PasswordForm
          // A new password (updatedAt moves) clears the typed one, with JS as without.
          key={user.updatedAt}
          lastResult={lastResultOf("set-password")}
          pending={pendingIntent === "set-password"}
          stepUp={stepUp}
        />
      )}
      <div className="border-border bg-surface rounded-xl border p-5">
        <SessionList
          sessions={sessions}
          title="Sesiones abiertas"
          intro="Los equipos donde esta cuenta tiene la sesión iniciada. Cerrar una obliga a ese equipo a volver a iniciar sesión."
          endAll={{
            intent: "end-all-sessions",
            label: isSelf ? "Cerrar todas las demás" : "Cerrar todas",
            shown: sessions.some((session) => !session.current),
          }}
        />
      </div>
      <LoyaltySummary loyalty={loyalty} />
      <OrderHistory orders={orders} />
      <ActivityHistory entries={activity}>
        <NoteForm
          key={activity[0]?.id}
          lastResult={lastResultOf("add-note")}
          pending={pendingIntent === "add-note"}
        />
      </ActivityHistory>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
