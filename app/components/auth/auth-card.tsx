import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <main
      id="main"
      className="mx-auto flex min-h-[80vh] w-full max-w-md flex-col justify-center px-4 py-10"
    >
      <Link
        to="/"
        className="mb-6 flex min-h-11 items-center justify-center gap-2 text-lg font-semibold"
      >
        <span
          aria-hidden="true"
          className="bg-primary text-primary-fg flex size-9 items-center justify-center rounded-full"
        >
          P
        </span>
        Perfumería de Lujo
      </Link>
      <div className="border-border bg-surface rounded-2xl border p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-semibold">{title}</h1>
        {subtitle ? <p className="text-fg-muted mt-1 text-sm">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
      {footer ? <div className="text-fg-muted mt-6 text-center text-sm">{footer}</div> : null}
    </main>
  );
}

// Its own module, so the admin forms show it without loading this sign-in card.
export { FormErrorAlert } from "~/components/ui/form-error-alert";

export function GoogleButton() {
  return (
    <form method="post" action="/api/auth/google" className="mt-4">
      <button
        type="submit"
        className="border-border bg-surface hover:bg-surface-muted flex min-h-11 w-full items-center justify-center gap-2 rounded-lg border px-4 py-2.5 text-sm font-medium"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4">
          <path
            fill="#4285F4"
            d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.8z"
          />
          <path
            fill="#34A853"
            d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3c-1.1.7-2.4 1.2-4 1.2-3.1 0-5.7-2.1-6.7-4.9h-4v3.1A12 12 0 0 0 12 24z"
          />
          <path fill="#FBBC05" d="M5.3 14.4a7.2 7.2 0 0 1 0-4.8V6.5h-4a12 12 0 0 0 0 11z" />
          <path
            fill="#EA4335"
            d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.5l4 3.1C6.3 6.9 8.9 4.8 12 4.8z"
          />
        </svg>
        Continuar con Google
      </button>
    </form>
  );
}
