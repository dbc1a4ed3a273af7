import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useActionData } from "@remix-run/react";
import { z } from "zod";
import { StarIcon } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { Field, Label } from "~/components/ui/input";
import { useHydrated } from "~/hooks/use-hydrated";
import { useIsPending } from "~/hooks/use-is-pending";
import { REVIEW_COMMENT_MAX, REVIEW_TITLE_MAX } from "~/models/reviews";

// storefront.md §5: a missing rating or a blank comment is one message.
const REQUIRED = "Por favor completa todos los campos requeridos";

export const ReviewSchema = z.object({
  intent: z.literal("review"),
  rating: z.coerce
    .number({ required_error: REQUIRED, invalid_type_error: REQUIRED })
    .int(REQUIRED)
    .min(1, REQUIRED)
    .max(5, REQUIRED),
  title: z
    .string()
    .trim()
    .max(REVIEW_TITLE_MAX, `El título admite hasta ${REVIEW_TITLE_MAX} caracteres`)
    .optional(),
  comment: z
    .string({ required_error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(REVIEW_COMMENT_MAX, `La reseña admite hasta ${REVIEW_COMMENT_MAX} caracteres`),
});

type ActionData = { review?: SubmissionResult<string[]> };

const RATINGS = [1, 2, 3, 4, 5] as const;

/**
 * 'Escribir reseña' (storefront.md §4): collapsed in a <details> until asked for, so it opens
 * without JS; a refused post re-renders it open with the errors. The rating is a real radio group
 * (arrow keys move and choose), its stars filled by CSS alone: a star is lit when its own radio or
 * a later one is checked.
 */
export function ReviewForm({ moderated }: { moderated: boolean }) {
  const actionData = useActionData<ActionData>();
  const hydrated = useHydrated();
  const pending = useIsPending();
  const [form, fields] = useForm({
    id: "review",
    lastResult: actionData?.review,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ReviewSchema }),
  });
  // §5: with JS the button waits for a rating and a comment; without, the server says what is missing.
  const incomplete = hydrated && (!fields.rating.value || !fields.comment.value?.trim());
  const ratingErrorId = fields.rating.errors ? fields.rating.errorId : undefined;

  return (
    <details
      open={Boolean(actionData?.review)}
      className="border-border group/resena rounded-lg border"
    >
      <summary className="px-4 py-3 font-semibold">Escribir reseña</summary>
      <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-5 p-4 pt-2">
        <input type="hidden" name="intent" value="review" />
        <fieldset aria-describedby={ratingErrorId}>
          <legend className="text-sm font-medium">Calificación</legend>
          <div className="mt-2 flex gap-1">
            {RATINGS.map((value) => (
              <label
                key={value}
                className="text-fg-muted has-[:checked]:text-warning has-[:focus-visible]:outline-ring [&:has(~label_:checked)]:text-warning cursor-pointer rounded-md p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 [&:has(:checked)_svg]:fill-current [&:has(~label_:checked)_svg]:fill-current"
              >
                <input
                  type="radio"
                  name={fields.rating.name}
                  value={value}
                  defaultChecked={fields.rating.initialValue === String(value)}
                  className="sr-only"
                />
                <StarIcon className="size-8" />
                <span className="sr-only">
                  {value} {value === 1 ? "estrella" : "estrellas"}
                </span>
              </label>
            ))}
          </div>
          {fields.rating.errors ? (
            <p id={fields.rating.errorId} className="text-danger mt-1 text-sm">
              {fields.rating.errors[0]}
            </p>
          ) : null}
        </fieldset>
        <Field
          label="Título (opcional)"
          errors={fields.title.errors}
          maxLength={REVIEW_TITLE_MAX}
          {...getInputProps(fields.title, { type: "text" })}
        />
        <div className="space-y-1.5">
          <Label htmlFor={fields.comment.id}>Comentario</Label>
          <textarea
            {...getTextareaProps(fields.comment)}
            rows={4}
            maxLength={REVIEW_COMMENT_MAX}
            aria-describedby={fields.comment.errors ? fields.comment.errorId : undefined}
            className="border-border-strong bg-surface aria-invalid:border-danger block w-full rounded-md border px-3 py-2 text-base"
          />
          {fields.comment.errors ? (
            <p id={fields.comment.errorId} className="text-danger text-sm">
              {fields.comment.errors[0]}
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
