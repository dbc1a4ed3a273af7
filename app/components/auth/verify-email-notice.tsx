import { Form, useLocation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";
import { EMAIL_VERIFICATION_MESSAGES } from "~/models/customers/email-verification";

/**
 * Decision 106: an account whose e-mail is not verified yet, with the button that sends the
 * link again (a plain POST to /verify-email that comes back to this page).
 */
export function VerifyEmailNotice({
  message = EMAIL_VERIFICATION_MESSAGES.banner,
}: {
  message?: string;
}) {
  const location = useLocation();
  const pending = useIsPending({ formAction: "/verify-email" });
  return (
    <div
      role="status"
      className="border-warning/40 bg-warning/10 mb-6 flex flex-wrap items-center justify-between gap-3 rounded-lg border p-4 text-sm"
    >
      <p className="min-w-0 flex-1">{message}</p>
      <Form method="post" action="/verify-email">
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <Button type="submit" variant="secondary" size="sm" disabled={pending}>
          {pending ? "Enviando..." : EMAIL_VERIFICATION_MESSAGES.resend}
        </Button>
      </Form>
    </div>
  );
}
