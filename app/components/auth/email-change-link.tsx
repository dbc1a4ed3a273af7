import { Form, Link } from "@remix-run/react";
import { AuthCard } from "~/components/auth/auth-card";
import { Button } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";
import { ACCOUNT_CHANGE_MESSAGES } from "~/models/customers/users";

/**
 * The page of an e-mail change's link (/confirm-email, /undo-email-change; decision 129): a
 * button that posts the link's token, so that a mail scanner opening the link changes nothing.
 * A bad link, or a refused post, shows its message instead.
 */
export function EmailChangeLinkPage({
  token,
  title,
  text,
  button,
  refusal,
}: {
  token: string | null;
  title: string;
  text: string;
  button: string;
  refusal: string | null;
}) {
  const pending = useIsPending();
  const footer = (
    <Link to="/login" className="text-accent font-medium underline">
      Iniciar sesión
    </Link>
  );
  if (!token || refusal) {
    return (
      <AuthCard title="Enlace no válido" footer={footer}>
        <p role="alert" className="text-sm">
          {refusal ?? ACCOUNT_CHANGE_MESSAGES.invalidLink}
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={title} footer={footer}>
      <p className="mb-4 text-sm">{text}</p>
      <Form method="post">
        <input type="hidden" name="token" value={token} />
        <Button type="submit" disabled={pending} className="w-full">
          {pending ? "Un momento..." : button}
        </Button>
      </Form>
    </AuthCard>
  );
}
