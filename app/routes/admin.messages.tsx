import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MessageStatusBadge } from "~/components/messages/message-status-badge";
import { DataTable } from "~/components/ui/data-table";
import { Pager } from "~/components/ui/pager";
import {
  MESSAGE_STATUS_LABELS,
  MESSAGE_STATUSES,
  messagePreview,
  type MessageStatus,
} from "~/models/content/messages";
import { listMessages } from "~/models/content/messages.server";
import { requireAdmin } from "~/web/auth.server";
import { formatDate } from "~/utils/dates";
import { requestedPage } from "~/utils/paging";
import { Unbroken } from "~/components/ui/unbroken";

export const meta: MetaFunction = () => [{ title: "Mensajes | Panel Administrativo" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const status = MESSAGE_STATUSES.find((value) => value === url.searchParams.get("status"));
  const list = await listMessages({ status, page: requestedPage(url.searchParams.get("page")) });
  return json({ status: status ?? null, list });
}

const filters: Array<{ status: MessageStatus | null; label: string }> = [
  { status: null, label: "Todos" },
  ...MESSAGE_STATUSES.map((status) => ({ status, label: MESSAGE_STATUS_LABELS[status] })),
];

export default function AdminMessagesRoute() {
  const { status, list } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Mensajes</h1>
      {/* Filters are links: they work without JS and the URL says what is shown. */}
      <nav aria-label="Filtrar mensajes" className="border-border border-b">
        <ul className="flex flex-wrap gap-1">
          {filters.map((filter) => {
            const current = filter.status === status;
            return (
              <li key={filter.label}>
                <Link
                  to={filter.status ? `/admin/messages?status=${filter.status}` : "/admin/messages"}
                  aria-current={current ? "page" : undefined}
                  className={`-mb-px inline-block border-b-2 px-3 py-2.5 text-sm ${
                    current
                      ? "border-accent text-fg font-semibold"
                      : "text-fg-muted hover:text-fg border-transparent"
                  }`}
                >
                  {filter.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <p className="text-fg-muted text-sm" aria-live="polite">
        {list.total === 1 ? "1 mensaje" : `${list.total.toLocaleString("es-HN")} mensajes`}
      </p>
      <DataTable
        headings={["Estado", "Remitente", "Asunto", "Mensaje", "Fecha", "Acciones"]}
        empty={list.messages.length === 0 && "No hay mensajes"}
      >
        {list.messages.map((message) => (
          <tr key={message.id} className={message.isRead ? "align-top" : "align-top font-medium"}>
            <td className="px-3 py-2">
              <MessageStatusBadge message={message} />
            </td>
            <td className="px-3 py-2">
              <div>{message.name}</div>
              <div className="text-fg-muted font-normal">{message.email}</div>
            </td>
            <td className="max-w-xs px-3 py-2">
              <Unbroken>{message.subject}</Unbroken>
            </td>
            <td className="text-fg-muted max-w-xs px-3 py-2 font-normal">
              {messagePreview(message.excerpt)}
            </td>
            <td className="px-3 py-2 whitespace-nowrap">{formatDate(message.createdAt)}</td>
            <td className="space-y-1 px-3 py-2 font-normal">
              <Link
                to={`/admin/messages/${message.id}`}
                aria-label={`Ver el mensaje de ${message.name}: ${message.subject}`}
                className="block underline"
              >
                Ver
              </Link>
              <Link
                to={`/admin/messages/${message.id}/delete`}
                aria-label={`Eliminar el mensaje de ${message.name}: ${message.subject}`}
                className="text-danger block underline"
              >
                Eliminar
              </Link>
            </td>
          </tr>
        ))}
      </DataTable>
      <Pager page={list.page} pageCount={list.pageCount} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
