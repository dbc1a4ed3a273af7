import type { SubmissionResult } from "@conform-to/react";
import { Form, useActionData, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { controlProps, fieldProps, useServerForm } from "~/components/forms/server-form";
import { StarIcon } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { Field, Label } from "~/components/ui/input";
import { useHydrated } from "~/hooks/use-hydrated";
import { useIsPending } from "~/hooks/use-is-pending";
import {
  REVIEW_COMMENT_MAX,
  REVIEW_TITLE_MAX,
  WRITE_REVIEW_ANCHOR,
} from "~/models/reviews/reviews";
import type { ReviewSchema } from "./forms.server";

type ActionData = { review?: SubmissionResult<string[]> };

const RATINGS = [1, 2, 3, 4, 5] as const;

function isOpen(details: HTMLElement | null) {
  return details instanceof HTMLDetailsElement && details.open;
}

function isComplete(form: HTMLElement | null) {
  if (!(form instanceof HTMLFormElement)) return false;
  const data = new FormData(form);
  return Boolean(data.get("rating")) && String(data.get("comment") ?? "").trim() !== "";
}

/**
 * 'Escribir reseña' (storefront.md §4): collapsed in a <details> until asked for, so it opens
 * without JS; a refused post re-renders it open with the errors. The rating is a real radio group
 * (arrow keys move and choose), its stars filled by CSS alone: a star is lit when its own radio or
 * a later one is checked.
 */
export function ReviewForm({ moderated }: { moderated: boolean }) {
  const actionData = useActionData<ActionData>();
  const [searchParams] = useSearchParams();
  const hydrated = useHydrated();
  const pending = useIsPending();
  const { form, field } = useServerForm<typeof ReviewSchema>({
    id: "review",
    lastResult: actionData?.review,
    defaultValue: {},
  });
  const rating = field("rating");
  const title = field("title");
  const comment = field("comment");
  // §5: with JS the button waits for a rating and a comment; without, the server says what is
  // missing (the schema lives with the action, decision 054: zod stays off the page).
  // Read from the page when this code arrives (route.tsx loads it later than the page): what
  // was chosen and typed before counts. It only decides `disabled` once hydrated.
  const [complete, setComplete] = useState(
    () => typeof document !== "undefined" && isComplete(document.getElementById(form.id)),
  );
  const incomplete = hydrated && !complete;
  // Opened by a refused post, and by an order list's 'Escribir reseña' (?escribir=1).
  const requested = Boolean(actionData?.review) || searchParams.get("escribir") === "1";
  // Decision 126: open as the shopper left it: read from the server's <details> when this code
  // arrives (still in the document while React renders, whether React hydrates it or renders
  // over it), then kept by each toggle, so no navigation or later render closes it.
  const [open, setOpen] = useState(
    () =>
      requested ||
      (typeof document !== "undefined" && isOpen(document.getElementById(WRITE_REVIEW_ANCHOR))),
  );
  const ratingErrorId = rating.errors ? rating.errorId : undefined;

  return (
    <details
      id={WRITE_REVIEW_ANCHOR}
      open={open || requested}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="border-border group/resena rounded-lg border"
    >
      <summary className="px-4 py-3 font-semibold">Escribir reseña</summary>
      <Form
        method="post"
        preventScrollReset
        {...form.props}
        onChange={(event) => setComplete(isComplete(event.currentTarget))}
        className="space-y-5 p-4 pt-2"
      >
        <input type="hidden" name="intent" value="review" />
        <fieldset aria-describedby={ratingErrorId}>
          <legend className="text-sm font-medium">Calificación</legend>
          <div className="mt-2 flex gap-1">
            {RATINGS.map((value) => (
              <label
                key={value}
                className="text-fg-muted has-[:checked]:text-warning has-[:focus-visible]:outline-ring [&:has(~label_:checked)]:text-warning cursor-pointer rounded-md p-1.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 [&:has(:checked)_svg]:fill-current [&:has(~label_:checked)_svg]:fill-current"
              >
                <input
                  type="radio"
                  name={rating.name}
                  value={value}
                  defaultChecked={rating.initialValue === String(value)}
                  className="sr-only"
                />
                <StarIcon className="size-8" />
                <span className="sr-only">
                  {value} {value === 1 ? "estrella" : "estrellas"}
                </span>
              </label>
            ))}
          </div>
          {rating.errors ? (
            <p id={rating.errorId} className="text-danger mt-1 text-sm">
              {rating.errors[0]}
            </p>
          ) : null}
        </fieldset>
        <Field
          label="Título (opcional)"
          type="text"
          maxLength={REVIEW_TITLE_MAX}
          {...fieldProps(title)}
        />
        <div className="space-y-1.5">
          <Label htmlFor={comment.id}>Comentario</Label>
          <textarea
            {...controlProps(comment)}
            rows={4}
            maxLength={REVIEW_COMMENT_MAX}
            className="border-border-strong bg-surface aria-invalid:border-danger block w-full rounded-md border px-3 py-2 text-base"
          />
          {comment.errors ? (
            <p id={comment.errorId} className="text-danger text-sm">
              {comment.errors[0]}
            </p>
          ) : null}
        </div>
        {moderated ? (
          <p className="text-fg-muted text-sm">
            Tu reseña se publicará cuando nuestro equipo la revise.
          </p>
        ) : null}
        <Button type="submit" disabled={pending || incomplete}>
          {pending ? "Enviando..." : "Enviar reseña"}
        </Button>
      </Form>
    </details>
  );
}
