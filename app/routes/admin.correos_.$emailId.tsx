import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Unbroken } from "~/components/ui/unbroken";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";
import { guardAction } from "~/web/guard-action.server";
import { requireAdmin } from "~/web/auth.server";
import {
  canRetryEmail,
  OUTBOX_STATE_BADGES,
  OUTBOX_STATE_LABELS,
  outboxKindLabel,
} from "~/models/mail/outbox";
import { getOutboxEmail, retryEmail } from "~/models/mail/outbox-admin.server";
import { formatDateTime } from "~/utils/dates";
import { getEnv } from "~/utils/env.server";
import { idParam, invariantResponse } from "~/utils/invariant";
import { redirectWithToast } from "~/web/toast.server";

const EMAIL_NOT_FOUND = "Correo no encontrado";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.email.subject ?? "Correo"} | Correos | Panel Administrativo` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const email = await getOutboxEmail(idParam(params.emailId, EMAIL_NOT_FOUND));
  invariantResponse(email, EMAIL_NOT_FOUND, { status: 404 });
  return json({ email, smtp: getEnv().smtp !== null });
}

/** 'Reintentar': a failed or skipped e-mail is due again (decision 107). */
export async function action({ request, params }: ActionFunctionArgs) {
  await guardAction(request);
  await requireAdmin(request);
  const id = idParam(params.emailId, EMAIL_NOT_FOUND);
  const here = `/admin/correos/${id}`;
  const retried = await retryEmail(id);
  if (!retried.ok) {
    invariantResponse(retried.code !== "not-found", EMAIL_NOT_FOUND, { status: 404 });
    // A stale page (another tab, another admin): the e-mail is already waiting or sent.
    return redirectWithToast(request, here, {
      type: "error",
      title: "No se puede reintentar",
      description: "Este correo ya está en espera o fue enviado.",
    });
  }
  return redirectWithToast(request, here, {
    title: "Correo en espera de nuevo",
    description: getEnv().smtp
      ? "Se enviará en unos segundos."
      : "Se enviará cuando haya un servidor de correo.",
  });
}

export default function AdminOutboxEmailRoute() {
  const { email, smtp } = useLoaderData<typeof loader>();
  const retrying = useIsPending();
  return (
    <div className="max-w-4xl space-y-6">
      <div>
        <Link to="/admin/correos" className="text-accent text-sm underline">
          ← Correos
        </Link>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold">
            <Unbroken>{email.subject}</Unbroken>
          </h1>
          <Badge variant={OUTBOX_STATE_BADGES[email.state]}>
            {OUTBOX_STATE_LABELS[email.state]}
          </Badge>
        </div>
      </div>

      <dl className="border-border bg-surface grid gap-x-4 gap-y-1 rounded-xl border p-5 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-fg-muted">Para</dt>
        <dd className="break-all">{email.toAddress}</dd>
        <dt className="text-fg-muted">Responder a</dt>
        <dd className="break-all">{email.replyTo ?? "—"}</dd>
        <dt className="text-fg-muted">Asunto</dt>
        <dd>
          <Unbroken>{email.subject}</Unbroken>
        </dd>
        <dt className="text-fg-muted">Tipo</dt>
        <dd>{outboxKindLabel(email.kind)}</dd>
        <dt className="text-fg-muted">Fecha</dt>
        <dd>{formatDateTime(email.createdAt)}</dd>
        <dt className="text-fg-muted">Estado</dt>
        <dd>
          {OUTBOX_STATE_LABELS[email.state]}
          {email.sentAt ? ` el ${formatDateTime(email.sentAt)}` : null}
          {email.state === "retrying"
            ? ` (próximo intento: ${formatDateTime(email.nextAttemptAt)})`
            : null}
          {email.state === "pending" && !smtp ? " (sin servidor de correo)" : null}
        </dd>
        <dt className="text-fg-muted">Intentos</dt>
        <dd>{email.attempts}</dd>
        {email.lastError ? (
          <>
            <dt className="text-fg-muted">Último error</dt>
            <dd className="text-danger break-words">{email.lastError}</dd>
          </>
        ) : null}
        {email.orderId ? (
          <>
            <dt className="text-fg-muted">Pedido</dt>
            <dd>
              <Link to={`/admin/orders/${email.orderId}`} className="underline">
                {email.orderNumber ? <Unbroken>{email.orderNumber}</Unbroken> : "Ver pedido"}
              </Link>
            </dd>
          </>
        ) : null}
      </dl>

      {canRetryEmail(email.state) ? (
        <Form method="post">
          <Button type="submit" disabled={retrying}>
            {retrying ? "Poniendo en espera..." : "Reintentar"}
          </Button>
        </Form>
      ) : null}

      <section aria-labelledby="email-html" className="space-y-2">
        <h2 id="email-html" className="font-semibold">
          Vista del correo
        </h2>
        {/* sandbox="": the e-mail's HTML runs nothing and reaches nothing of this page. */}
        <iframe
          sandbox=""
          src={`/admin/correos/${email.id}/html`}
          title={`Vista del correo: ${email.subject}`}
          className="border-border h-[40rem] w-full rounded-xl border bg-white"
        />
      </section>

      <section aria-labelledby="email-text" className="space-y-2">
        <h2 id="email-text" className="font-semibold">
          Texto sin formato
        </h2>
        <pre className="border-border bg-surface overflow-x-auto rounded-xl border p-4 text-sm [overflow-wrap:anywhere] whitespace-pre-wrap">
          {email.text}
        </pre>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
