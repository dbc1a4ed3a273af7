import { useEffect, useRef } from "react";

export type SummaryEntry = { target: string; label: string; message: string };

/**
 * The checkout's error summary (issue 21): the form's own message, then every field's error in
 * the page's order, each a link to its field. With JavaScript the focus moves here after a
 * failed post, so a screen reader reads the whole list and a keyboard is one Tab from it.
 */
export function ErrorSummary({
  id,
  title,
  formErrors,
  entries,
  focusKey,
}: {
  id: string;
  title: string;
  formErrors: string[] | undefined;
  entries: SummaryEntry[];
  /** changes with each reply of the server, which is when the focus moves */
  focusKey: unknown;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = (formErrors?.length ?? 0) + entries.length > 0;
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [focusKey, shown]);
  if (!shown) return null;
  return (
    <div
      ref={ref}
      id={id}
      role="alert"
      tabIndex={-1}
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
