import { unbrokenPieces } from "~/utils/unbroken";

/**
 * A text whose codes (an order number, a coupon, an amount, a time) never break across lines
 * (issue 39, utils/unbroken.ts). Wrap any text that may hold one: `<Unbroken>{message}</Unbroken>`.
 */
export function Unbroken({ children }: { children: string }) {
  return unbrokenPieces(children).map((piece, index) =>
    piece.whole ? (
      <span key={index} className="whitespace-nowrap">
        {piece.text}
      </span>
    ) : (
      piece.text
    ),
  );
}
