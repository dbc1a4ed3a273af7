import type { ReactNode } from "react";
import { CopyButton } from "~/components/copy-button";
import { formatDateTime } from "~/utils/dates";
import { formatMoney } from "~/utils/money";

export type BankAccount = { bankName: string; bankAccount: string; bankHolder: string };

// A row is a <div> right inside the <dl>, the only wrapper a <dl> allows around dt and dd.
function Row({
  term,
  className = "",
  children,
}: {
  term: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`flex flex-wrap items-center justify-between gap-x-3 gap-y-1 ${className}`}>
      <dt>{term}</dt>
      <dd className="flex items-center gap-2 font-medium">{children}</dd>
    </div>
  );
}

/**
 * Where and how much the shopper transfers: the exact total and the account, each with
 * 'Copiar' when JavaScript runs, and the deadline when the order has one (decision 096).
 * `total` may be several amounts, one per shipping method, each shown only for its method.
 */
export function TransferDetails({
  bank,
  totals,
  dueAt,
}: {
  bank: BankAccount;
  totals: { amount: number; className?: string }[];
  dueAt?: string | null;
}) {
  return (
    <dl className="bg-surface-muted grid gap-2 rounded-lg p-4 text-sm">
      {totals.map(({ amount, className }) => (
        <Row key={`${amount}-${className ?? ""}`} term="Total a transferir" className={className}>
          <span className="text-base tabular-nums">{formatMoney(amount)}</span>
          <CopyButton value={(amount / 100).toFixed(2)} label="total" />
        </Row>
      ))}
      <Row term="Banco">{bank.bankName}</Row>
      <Row term="Número de cuenta">
        <span className="tabular-nums">{bank.bankAccount}</span>
        <CopyButton value={bank.bankAccount} label="número de cuenta" />
      </Row>
      <Row term="Titular">{bank.bankHolder}</Row>
      {dueAt ? (
        <Row term="Paga antes del">
          <time dateTime={dueAt}>{formatDateTime(dueAt)}</time>
        </Row>
      ) : null}
    </dl>
  );
}
