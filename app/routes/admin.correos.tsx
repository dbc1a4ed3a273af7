import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Badge } from "~/components/ui/badge";
import { DataTable } from "~/components/ui/data-table";
import { FilterForm, filterFieldClass } from "~/components/ui/filter-form";
import { Pager } from "~/components/ui/pager";
import { requireAdmin } from "~/web/auth.server";
import {
  isOutboxState,
  OUTBOX_STATE_BADGES,
  OUTBOX_STATE_LABELS,
  OUTBOX_STATES,
  outboxKindLabel,
} from "~/models/mail/outbox";
import { listOutbox } from "~/models/mail/outbox-admin.server";
import { formatDateTime } from "~/utils/dates";
import { getEnv } from "~/utils/env.server";
import { requestedPage } from "~/utils/paging";
import { Unbroken } from "~/components/ui/unbroken";

export const meta: MetaFunction = () => [{ title: "Correos | Panel Administrativo" }];

/** Issue 22: every e-mail of the shop, sent or waiting (decision 107). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const estado = url.searchParams.get("estado");
  const state = isOutboxState(estado) ? estado : undefined;
  const list = await listOutbox({ state, page: requestedPage(url.searchParams.get("page")) });
  return json({ state: state ?? null, list, smtp: getEnv().smtp !== null });
}

export default function AdminOutboxRoute() {
  const { state, list, smtp } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Correos</h1>
      <SmtpBanner configured={smtp} />
      <FilterForm count={{ total: list.total, one: "correo", many: "correos" }}>
        <label className="text-sm">
          Estado
          <select name="estado" defaultValue={state ?? ""} className={filterFieldClass}>
            <option value="">Todos los estados</option>
            {OUTBOX_STATES.map((value) => (
              <option key={value} value={value}>
                {OUTBOX_STATE_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
      </FilterForm>
      <DataTable
        label="Correos"
        headings={["Fecha", "Destinatario", "Asunto", "Tipo", "Estado"]}
        empty={list.emails.length === 0 && "No hay correos"}
      >
        {list.emails.map((email) => (
          <tr key={email.id} className="align-top">
            <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(email.createdAt)}</td>
            <td className="px-3 py-2 break-all">{email.toAddress}</td>
            <td className="max-w-sm px-3 py-2">
              <Link to={`/admin/correos/${email.id}`} className="underline">
                <Unbroken>{email.subject}</Unbroken>
              </Link>
            </td>
            <td className="px-3 py-2">{outboxKindLabel(email.kind)}</td>
            <td className="px-3 py-2">
              <Badge variant={OUTBOX_STATE_BADGES[email.state]}>
                {OUTBOX_STATE_LABELS[email.state]}
              </Badge>
            </td>
          </tr>
        ))}
      </DataTable>
      <Pager page={list.page} pageCount={list.pageCount} />
    </div>
  );
}

/** Whether the e-mails leave the shop (SMTP_URL) or wait here for someone to read them. */
function SmtpBanner({ configured }: { configured: boolean }) {
  return configured ? (
    <p className="border-border text-fg-muted rounded-md border p-3 text-sm">
      Servidor de correo configurado: los correos se envían solos en unos segundos.
    </p>
  ) : (
    <p className="border-info bg-info-soft text-info rounded-md border p-3 text-sm">
      Sin servidor de correo: los correos esperan aquí y puedes leerlos. Cuando se configure
      SMTP_URL, se enviarán los de los últimos 3 días.
    </p>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
