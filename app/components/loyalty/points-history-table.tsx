import type { LoyaltyHistoryEntry } from "~/models/loyalty/loyalty";
import { formatDate } from "~/utils/dates";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { Unbroken } from "~/components/ui/unbroken";

const ENTRY_LABELS: Record<LoyaltyHistoryEntry["type"], string> = {
  earned: "Ganados",
  bonus: "Bono",
  admin: "Asignados por la tienda",
  redeemed: "Canjeados",
  expired: "Vencidos",
  reversed: "Revertidos",
};

/** The points ledger as a table: the customer's loyalty tab and the admin's loyalty screen. */
export function PointsHistoryTable({ entries }: { entries: LoyaltyHistoryEntry[] }) {
  return (
    <ScrollRegion label="Historial de puntos">
      <table className="w-full text-left text-sm">
        <thead className="text-fg-muted">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              Fecha
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Movimiento
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Detalle
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Puntos
            </th>
          </tr>
        </thead>
        <tbody className="divide-border divide-y">
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td className="py-2 pr-4 whitespace-nowrap">{formatDate(entry.createdAt)}</td>
              <td className="py-2 pr-4">{ENTRY_LABELS[entry.type]}</td>
              <td className="py-2 pr-4">
                <Unbroken>
                  {entry.orderNumber && !entry.description.includes(entry.orderNumber)
                    ? `${entry.description} (${entry.orderNumber})`
                    : entry.description}
                </Unbroken>
              </td>
              <td
                className={`py-2 text-right font-semibold tabular-nums ${entry.points > 0 ? "text-success" : "text-danger"}`}
              >
                {entry.points > 0 ? "+" : "−"}
                {Math.abs(entry.points).toLocaleString("en-US")}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
