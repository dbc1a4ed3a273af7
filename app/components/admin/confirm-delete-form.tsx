import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button, buttonClasses } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";

/**
 * The back office's delete confirmation: a page of its own whose form posts to its route, so
 * deleting works the same without JavaScript. `children` is the question.
 */
export function ConfirmDeleteForm({
  cancelTo,
  submitLabel = "Sí, eliminar",
  children,
}: {
  cancelTo: string;
  submitLabel?: string;
  children: ReactNode;
}) {
  const pending = useIsPending();
  return (
    <Form method="post" className="space-y-4">
      <p className="break-words">{children}</p>
      <div className="flex gap-3">
        <Button type="submit" variant="danger" disabled={pending}>
          {pending ? "Eliminando..." : submitLabel}
        </Button>
        <Link to={cancelTo} className={buttonClasses("secondary")}>
          Cancelar
        </Link>
      </div>
    </Form>
  );
}
