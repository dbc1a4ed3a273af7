import type { ReactNode } from "react";
import { CopyButton } from "~/components/copy-button";
import { formatMoney } from "~/utils/money";

export type BankAccount = { bankName: string; bankAccount: string; bankHolder: string };

// A row is a <div> right inside the <dl>, the only wrapper a <dl> allows around dt and dd.
export function TransferRow({
  term,
  className = "",
  zone,
  children,
}: {
  term: string;
  className?: string;
  /** The shipping zone a checkout's total is for (decision 161), where zones differ. */
  zone?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={`flex flex-wrap items-center justify-between gap-x-3 gap-y-1 ${className}`}
      data-shipping-zone={zone}
    >
      <dt>{term}</dt>
      <dd className="flex items-center gap-2 font-medium">{children}</dd>
    </div>
  );
}

/**
 * Where and how much the shopper transfers: the exact total and the account, each with
 * 'Copiar' when JavaScript runs; `children` adds rows (an order's deadline: TransferDeadline,
 * decision 096, kept apart so the checkout, which has none, loads no date formatting).
 * `total` may be several amounts, one per shipping method, each shown only for its method.
 */
export function TransferDetails({
  bank,
  totals,
  children,
}: {
  bank: BankAccount;
  totals: { amount: number; className?: string; zone?: string }[];
  children?: ReactNode;
}) {
  return (
    <dl className="bg-surface-muted grid gap-2 rounded-lg p-4 text-sm">
      {totals.map(({ amount, className, zone }) => (
        <TransferRow
          key={`${amount}-${className ?? ""}-${zone ?? ""}`}
          term="Total a transferir"
          className={className}
          zone={zone}
        >
          <span className="text-base tabular-nums">{formatMoney(amount)}</span>
          <CopyButton value={(amount / 100).toFixed(2)} label="total" />
        </TransferRow>
      ))}
      <TransferRow term="Banco">{bank.bankName}</TransferRow>
      <TransferRow term="Número de cuenta">
        <span className="tabular-nums">{bank.bankAccount}</span>
        <CopyButton value={bank.bankAccount} label="número de cuenta" />
      </TransferRow>
      <TransferRow term="Titular">{bank.bankHolder}</TransferRow>
      {children}
    </dl>
  );
}
