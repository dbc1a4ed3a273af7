import { useEffect, useRef } from "react";
import { CHECKOUT_FIELDS } from "~/models/checkout/field-labels";

/**
 * The checkout's error summary (issue 21): the form's own message, then every field's error in
 * the page's order, each a link to its field. It takes the focus after a failed post, so a
 * screen reader reads the whole list: without JavaScript by `autofocus` as the page loads, with
 * JavaScript from the form's effect. The page's `scroll-padding-top` keeps it, and each field a
 * link leads to, clear of the sticky header (issue 39).
 */
export function ErrorSummary({
  id,
  formId,
  title,
  formErrors,
  fieldErrors,
}: {
  id: string;
  /** The form's id: a field's is `<form>-<name>` (server-form.ts). */
  formId: string;
  title: string;
  formErrors: string[] | undefined;
  /** The server's messages by field name, from its reply. */
  fieldErrors: Record<string, string[] | null | undefined>;
}) {
  const entries = CHECKOUT_FIELDS.flatMap((entry) => {
    const message = fieldErrors[entry.name]?.[0];
    if (!message) return [];
    const target = "target" in entry ? entry.target : `${formId}-${entry.name}`;
    return [{ target, label: entry.label, message }];
  });
  const self = useRef<HTMLDivElement>(null);
  // Its code may come after the form's own effect (it loads when first shown): it takes the
  // focus itself as it appears.
  useEffect(() => self.current?.focus(), []);
  if ((formErrors?.length ?? 0) + entries.length === 0) return null;
  return (
    <div
      ref={self}
      id={id}
      role="alert"
      tabIndex={-1}
      autoFocus
      aria-labelledby={`${id}-title`}
      className="border-danger/40 bg-danger/10 rounded-lg border p-4 text-sm focus:outline-2 focus:outline-offset-2"
    >
      <p id={`${id}-title`} className="text-danger font-semibold">
        {title}
      </p>
      {formErrors?.map((error) => (
        <p key={error} className="text-fg mt-1">
          {error}
        </p>
      ))}
      {entries.length > 0 ? (
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {entries.map((entry) => (
            <li key={entry.target}>
              <a href={`#${entry.target}`} className="text-fg underline underline-offset-2">
                {entry.label}: {entry.message}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
