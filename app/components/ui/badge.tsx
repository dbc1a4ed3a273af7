import type { HTMLAttributes } from "react";

export type BadgeVariant =
  "neutral" | "accent" | "success" | "danger" | "info" | "warning" | "solid";

// Text on each soft background is >= 4.5:1 in both themes (see app/styles/tailwind.css).
const variants: Record<BadgeVariant, string> = {
  neutral: "bg-surface-muted text-fg",
  accent: "bg-accent-soft text-accent",
  success: "bg-success-soft text-success",
  danger: "bg-danger-soft text-danger",
  info: "bg-info-soft text-info",
  warning: "bg-warning-soft text-warning",
  solid: "bg-primary text-primary-fg",
};

export type BadgeProps = HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant };

export function Badge({ variant = "neutral", className, ...props }: BadgeProps) {
  const classes = `inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${variants[variant]}`;
  return <span className={className ? `${classes} ${className}` : classes} {...props} />;
}
