import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ConfirmDeleteForm } from "~/components/admin/confirm-delete-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { deleteMessage, getMessage } from "~/models/content/messages.server";
import { guardAction } from "~/web/guard-action.server";
import { requireAdmin } from "~/web/auth.server";
import { idParam, invariantResponse } from "~/utils/invariant";
import { redirectWithToast } from "~/web/toast.server";

/*
 * The confirmation is a page of its own, so deleting works the same with JavaScript off: the
 * list and the detail link here and only this form's POST deletes. Reading the message here
 * does not mark it read.
 */

const MESSAGE_NOT_FOUND = "Mensaje no encontrado";

export const meta: MetaFunction = () => [{ title: "Eliminar mensaje | Panel Administrativo" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const message = await getMessage(idParam(params.messageId, MESSAGE_NOT_FOUND));
  invariantResponse(message, MESSAGE_NOT_FOUND, { status: 404 });
  const { id, name, email, subject } = message;
  return json({ message: { id, name, email, subject } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await guardAction(request);
  await requireAdmin(request);
  if (!(await deleteMessage(idParam(params.messageId, MESSAGE_NOT_FOUND)))) {
    // Gone already (another tab, another admin): the list is where the admin continues.
    return redirectWithToast(request, "/admin/messages", {
      type: "error",
      title: "Error al eliminar el mensaje",
      description: "El mensaje ya no existe.",
    });
  }
  return redirectWithToast(request, "/admin/messages", { title: "Mensaje eliminado" });
}

export default function DeleteMessageRoute() {
  const { message } = useLoaderData<typeof loader>();
  return (
    <div className="max-w-xl space-y-6">
      <div>
        <Link to="/admin/messages" className="text-accent text-sm underline">
          ← Mensajes
        </Link>
        <h1 className="mt-2 text-2xl font-semibold">Eliminar mensaje</h1>
      </div>
      <ConfirmDeleteForm cancelTo={`/admin/messages/${message.id}`}>
        ¿Seguro que quieres eliminar el mensaje <strong>{message.subject}</strong> de {message.name}{" "}
        ({message.email})? Esta acción no se puede deshacer.
      </ConfirmDeleteForm>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
