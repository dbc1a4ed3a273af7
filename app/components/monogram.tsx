/** The shop's "P" in its gold circle, in the size each place shows it. Decorative: hidden from readers. */
const SIZES = {
  /** The header's logo, beside the shop's name. */
  sm: "size-9 text-xl",
  /** The error screens. */
  md: "mx-auto size-12 text-2xl",
  /** The maintenance page, where it stands alone. */
  lg: "mx-auto size-16 text-3xl",
} as const;

export function Monogram({ size }: { size: keyof typeof SIZES }) {
  return (
    <span
      aria-hidden="true"
      className={`bg-accent font-display text-accent-fg grid place-items-center rounded-full font-semibold ${SIZES[size]}`}
    >
      P
    </span>
  );
}
