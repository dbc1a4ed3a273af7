import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { controlProps, useServerForm } from "~/components/forms/server-form";
import { MessageStatusBadge } from "~/components/messages/message-status-badge";
import { Button, buttonClasses } from "~/components/ui/button";
import { Label } from "~/components/ui/input";
import { useIsPending } from "~/hooks/use-is-pending";
import { replyMailto } from "~/models/content/messages";
import { openMessage, replyToMessage } from "~/models/content/messages.server";
import { guardAction } from "~/web/guard-action.server";
import { parseMessageReply, type MessageReplySchema } from "~/models/content/message-form.server";
import { requireAdmin } from "~/web/auth.server";
import { formatDateTime } from "~/utils/dates";
import { idParam, invariantResponse } from "~/utils/invariant";
import { telUrl } from "~/utils/phone";
import { redirectWithToast } from "~/web/toast.server";
import { getEnv } from "~/utils/env.server";
import { getMailContext } from "~/models/mail/context.server";
import { Unbroken } from "~/components/ui/unbroken";

const MESSAGE_NOT_FOUND = "Mensaje no encontrado";

/** A route id that is not a whole number is a message that does not exist. */

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.message.subject ?? "Mensaje"} | Panel Administrativo` },
];

// §4: opening an unread message marks it read (an idempotent change, so a GET may make it).
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const message = await openMessage(idParam(params.messageId, MESSAGE_NOT_FOUND));
  invariantResponse(message, MESSAGE_NOT_FOUND, { status: 404 });
  return json({ message, smtp: getEnv().smtp !== null });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await guardAction(request);
  await requireAdmin(request);
  const id = idParam(params.messageId, MESSAGE_NOT_FOUND);
  const here = `/admin/messages/${id}`;
  const submission = parseMessageReply(await request.formData());
  if (submission.status !== "success") {
    return json({ result: submission.reply() }, { status: 400 });
  }
  const mail = await getMailContext();
  const replied = await replyToMessage({ messageId: id, reply: submission.value.reply, mail });
  if (!replied.ok) {
    invariantResponse(replied.code !== "not-found", MESSAGE_NOT_FOUND, { status: 404 });
    // §4: one reply only; a second one from a stale page (another tab, another admin) says so.
    return redirectWithToast(request, here, {
      type: "error",
      title: "Error al enviar la respuesta",
      description: "El mensaje ya fue respondido.",
    });
  }
  // Issue 22: the reply leaves by e-mail; without SMTP it waits in /admin/correos, and the
  // admin may send it from their own mail client meanwhile (decision 107).
  return redirectWithToast(
    request,
    here,
    getEnv().smtp
      ? { title: "Respuesta enviada", description: "Le llegará al cliente por correo." }
      : {
          title: "Respuesta guardada",
          description:
            "Sin servidor de correo, espera en Correos: envíala desde tu correo con «Enviar por correo».",
        },
  );
}

export default function AdminMessageRoute() {
  const { message, smtp } = useLoaderData<typeof loader>();
  return (
    <div className="max-w-3xl space-y-6">
      <div>
        <Link to="/admin/messages" className="text-accent text-sm underline">
          ← Mensajes
        </Link>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold">
            <Unbroken>{message.subject}</Unbroken>
          </h1>
          <MessageStatusBadge message={message} />
        </div>
      </div>

      <section
        aria-label="Mensaje del cliente"
        className="border-border bg-surface space-y-3 rounded-xl border p-5"
      >
        <dl className="text-fg-muted grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
          <dt>De</dt>
          <dd>{message.name}</dd>
          <dt>Correo</dt>
          <dd>
            <a href={`mailto:${message.email}`} className="underline">
              {message.email}
            </a>
          </dd>
          {message.phone ? (
            <>
              <dt>Teléfono</dt>
              <dd>
                <a href={telUrl(message.phone)} className="underline">
                  {message.phone}
                </a>
              </dd>
            </>
          ) : null}
          <dt>Recibido</dt>
          <dd>{formatDateTime(message.createdAt)}</dd>
        </dl>
        <p className="whitespace-pre-line">{message.message}</p>
      </section>

      {message.reply ? (
        <section
          aria-labelledby="reply-title"
          className="border-border space-y-3 rounded-xl border p-5"
        >
          <h2 id="reply-title" className="font-semibold">
            Respuesta
          </h2>
          {message.repliedAt ? (
            <p className="text-fg-muted text-sm">
              Respondido el {formatDateTime(message.repliedAt)}
            </p>
          ) : null}
          <p className="whitespace-pre-line">{message.reply}</p>
          {smtp ? (
            <p className="text-fg-muted text-sm">
              Enviada por correo a {message.email}.{" "}
              <Link to="/admin/correos" className="underline">
                Ver en Correos
              </Link>
            </p>
          ) : (
            <>
              {/* Without SMTP the e-mail waits in the outbox; the admin's mail client can send it now (decision 107). */}
              <p className="text-fg-muted text-sm">
                Sin servidor de correo, la respuesta espera en{" "}
                <Link to="/admin/correos" className="underline">
                  Correos
                </Link>
                . Puedes enviarla ahora desde tu correo.
              </p>
              <a
                href={replyMailto({
                  email: message.email,
                  subject: message.subject,
                  reply: message.reply,
                })}
                className={buttonClasses("primary")}
              >
                Enviar por correo
              </a>
            </>
          )}
        </section>
      ) : (
        <ReplyForm smtp={smtp} />
      )}

      <Link to={`/admin/messages/${message.id}/delete`} className={buttonClasses("danger")}>
        Eliminar mensaje
      </Link>
    </div>
  );
}

function ReplyForm({ smtp }: { smtp: boolean }) {
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const { form, field } = useServerForm<typeof MessageReplySchema>({
    id: "message-reply",
    lastResult: actionData?.result,
    defaultValue: { reply: "" },
  });
  const reply = field("reply");
  return (
    <Form method="post" {...form.props} className="border-border space-y-4 rounded-xl border p-5">
      <h2 className="font-semibold">Responder</h2>
      <p className="text-fg-muted text-sm">
        {smtp
          ? "Se envía por correo al cliente, que puede contestar a la tienda. Solo se responde una vez."
          : "Se guarda con el mensaje y puedes enviarla desde tu correo. Solo se responde una vez."}
      </p>
      <div className="space-y-1.5">
        <Label htmlFor={reply.id}>Respuesta</Label>
        <textarea
          {...controlProps(reply)}
          rows={6}
          className="border-border-strong bg-surface text-fg aria-invalid:border-danger block w-full rounded-md border px-3 py-2 text-base"
        />
        {reply.errors?.length ? (
          <ul id={reply.errorId} className="text-danger space-y-0.5 text-sm">
            {reply.errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <Button type="submit" disabled={pending}>
        {smtp
          ? pending
            ? "Enviando..."
            : "Enviar respuesta"
          : pending
            ? "Guardando..."
            : "Guardar respuesta"}
      </Button>
    </Form>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
