import { forwardRef, type ButtonHTMLAttributes } from "react";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
export type ButtonSize = "sm" | "md" | "lg" | "icon";

const base =
  "inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-primary text-primary-fg hover:bg-primary-hover",
  secondary: "border border-border-strong bg-surface text-fg hover:bg-surface-muted",
  ghost: "text-fg hover:bg-surface-muted",
  danger: "bg-danger text-danger-fg hover:opacity-90",
};

/*
 * Every size is a thumb's target on a phone: 44 px and more below `md` (issue 39, WCAG 2.5.5);
 * the small and icon sizes are 40 px from `md`, where a mouse points.
 */
const sizes: Record<ButtonSize, string> = {
  sm: "h-11 md:h-10 px-3 text-sm whitespace-nowrap shrink-0",
  md: "h-11 px-4 text-sm whitespace-nowrap shrink-0",
  lg: "h-12 px-6 text-base whitespace-nowrap shrink-0",
  icon: "size-11 md:size-10 whitespace-nowrap shrink-0",
};

/*
 * A label that may not fit one line of a 320 px phone (an amount in it, a long sentence) wraps:
 * the button grows taller (and may shrink in a flex row) instead of pushing the page sideways.
 * A set of its own rather than overrides in `className`: Tailwind orders conflicting utilities
 * itself, not by where a class is written (`whitespace-normal` loses to `whitespace-nowrap`).
 */
const wrappingSizes: Record<ButtonSize, string> = {
  sm: "min-h-11 md:min-h-10 px-3 py-1.5 text-sm text-center",
  md: "min-h-11 px-4 py-2 text-sm text-center",
  lg: "min-h-12 px-6 py-2 text-base text-center",
  icon: "size-11 md:size-10 shrink-0",
};

/** Classes of a button, for links (`<Link className={buttonClasses("secondary")}>`) that look like one. */
export function buttonClasses(
  variant: ButtonVariant = "primary",
  size: ButtonSize = "md",
  { wrap = false }: { wrap?: boolean } = {},
) {
  return `${base} ${variants[variant]} ${(wrap ? wrappingSizes : sizes)[size]}`;
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** The label may run to a second line on a narrow screen (see `wrappingSizes`). */
  wrap?: boolean;
};

/** A native button: `type` keeps its HTML default (submit), so forms work without JS. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, wrap, className, ...props },
  ref,
) {
  const classes = buttonClasses(variant, size, { wrap });
  return (
    <button ref={ref} className={className ? `${classes} ${className}` : classes} {...props} />
  );
});
