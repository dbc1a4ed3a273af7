import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { ActivityType, LoyaltyTier } from "#db/types";
import { PointsHistoryTable } from "~/components/loyalty/points-history-table";
import { Badge, type BadgeVariant } from "~/components/ui/badge";
import { TIER_LABELS, type LoyaltyHistoryEntry } from "~/models/loyalty/loyalty";
import { formatDate, formatDateTime } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { Unbroken } from "~/components/ui/unbroken";
import { ScrollRegion } from "~/components/ui/scroll-region";

/* The read-only parts of the profile view: loyalty, orders and the activity history (§3). */

const sectionClasses = "border-border bg-surface space-y-4 rounded-xl border p-5";

export function LoyaltySummary({
  loyalty,
}: {
  loyalty: {
    balance: number;
    pointsEarned: number;
    tier: LoyaltyTier;
    history: LoyaltyHistoryEntry[];
  };
}) {
  return (
    <section aria-labelledby="loyalty" className={sectionClasses}>
      <h2 id="loyalty" className="font-semibold">
        Lealtad
      </h2>
      <dl className="grid gap-4 sm:grid-cols-3">
        <Figure label="Puntos disponibles" value={loyalty.balance.toLocaleString("en-US")} />
        <Figure label="Nivel" value={TIER_LABELS[loyalty.tier]} />
        <Figure label="Puntos ganados" value={loyalty.pointsEarned.toLocaleString("en-US")} />
      </dl>
      {loyalty.history.length > 0 ? (
        <PointsHistoryTable entries={loyalty.history} />
      ) : (
        <p className="text-fg-muted text-sm">Sin movimientos de puntos.</p>
      )}
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-fg-muted text-sm">{label}</dt>
      <dd className="text-2xl font-semibold">{value}</dd>
    </div>
  );
}

export function OrderHistory({
  orders,
}: {
  orders: Array<{
    id: string;
    orderNumber: string;
    statusLabel: string;
    statusBadge: BadgeVariant;
    total: number;
    createdAt: string;
  }>;
}) {
  return (
    <section aria-labelledby="orders" className={sectionClasses}>
      <h2 id="orders" className="font-semibold">
        Pedidos
      </h2>
      {orders.length === 0 ? (
        <p className="text-fg-muted text-sm">No tiene pedidos aún.</p>
      ) : (
        <ScrollRegion label="Pedidos del cliente">
          <table className="w-full text-left text-sm">
            <thead className="text-fg-muted">
              <tr>
                {["Pedido", "Fecha", "Estado", "Total"].map((heading) => (
                  <th key={heading} scope="col" className="py-2 pr-4 font-medium">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-border divide-y">
              {orders.map((order) => (
                <tr key={order.id}>
                  <td className="py-2 pr-4">
                    <Link to={`/admin/orders/${order.id}`} className="font-medium underline">
                      <Unbroken>{order.orderNumber}</Unbroken>
                    </Link>
                  </td>
                  <td className="py-2 pr-4 whitespace-nowrap">{formatDate(order.createdAt)}</td>
                  <td className="py-2 pr-4">
                    <Badge variant={order.statusBadge}>{order.statusLabel}</Badge>
                  </td>
                  <td className="py-2 pr-4 whitespace-nowrap">{formatMoney(order.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}

const ACTIVITY_LABELS: Record<ActivityType, string> = {
  admin_note: "Nota",
  role_change: "Cambio de rol",
  account_block: "Cuenta bloqueada",
  account_unblock: "Cuenta reactivada",
  password_change: "Cambio de contraseña",
  password_reset: "Contraseña restablecida",
  profile_update: "Datos actualizados",
  order_cancelled: "Pedido cancelado",
  order_denied: "Pedido denegado",
  order_deleted: "Pedido eliminado",
};

const ROLE_LABELS: Record<string, string> = { customer: "Cliente", admin: "Administrador" };

type Entry = {
  id: number;
  actionType: ActivityType;
  actionDescription: string;
  oldValue: string | null;
  newValue: string | null;
  fieldChanged: string | null;
  adminNotes: string | null;
  createdAt: string;
  adminFirstName: string | null;
  adminLastName: string | null;
  adminEmail: string | null;
};

function shown(entry: Entry, value: string | null) {
  if (value === null || value === "") return "—";
  return entry.fieldChanged === "role" ? (ROLE_LABELS[value] ?? value) : value;
}

function adminOf(entry: Entry) {
  if (!entry.adminEmail) return "Administrador eliminado";
  const name = `${entry.adminFirstName ?? ""} ${entry.adminLastName ?? ""}`.trim();
  return name ? `${name} (${entry.adminEmail})` : entry.adminEmail;
}

/** The history of admin actions on the account, newest first; `children` is the note form. */
export function ActivityHistory({ entries, children }: { entries: Entry[]; children: ReactNode }) {
  return (
    <section aria-labelledby="activity" className={sectionClasses}>
      <h2 id="activity" className="font-semibold">
        Historial de actividad
      </h2>
      {children}
      {entries.length === 0 ? (
        <p className="text-fg-muted text-sm">Sin actividad registrada.</p>
      ) : (
        <ol className="divide-border divide-y" aria-label="Actividad">
          {entries.map((entry) => (
            <li key={entry.id} className="space-y-1 py-3 text-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-medium">{ACTIVITY_LABELS[entry.actionType]}</span>
                <time dateTime={entry.createdAt} className="text-fg-muted">
                  {formatDateTime(entry.createdAt)}
                </time>
              </div>
              <p>
                <Unbroken>{entry.actionDescription}</Unbroken>
              </p>
              {entry.oldValue !== null || entry.newValue !== null ? (
                <p className="text-fg-muted">
                  {shown(entry, entry.oldValue)} → {shown(entry, entry.newValue)}
                </p>
              ) : null}
              {entry.adminNotes ? (
                <p className="bg-surface-muted rounded-md p-2 whitespace-pre-line">
                  {entry.adminNotes}
                </p>
              ) : null}
              <p className="text-fg-muted text-xs">Por {adminOf(entry)}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
