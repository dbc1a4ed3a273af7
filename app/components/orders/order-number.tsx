/** An order number is read and typed whole: it never breaks across lines, even at 320 px. */
export function OrderNumber({ value }: { value: string }) {
  return <span className="whitespace-nowrap">{value}</span>;
}
