import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { controlProps, useServerForm, type ServerField } from "~/components/forms/server-form";
import { ReviewStatusBadge, Stars } from "~/components/reviews/review-parts";
import { Button, buttonClasses } from "~/components/ui/button";
import { FormErrorAlert } from "~/components/ui/form-error-alert";
import { Label } from "~/components/ui/input";
import { usePendingFormData } from "~/hooks/use-is-pending";
import { getAdminReview } from "~/models/reviews/admin.server";
import { approveReview, respondToReview, updateReview } from "~/models/reviews/reviews.server";
import { guardAction } from "~/web/guard-action.server";
import { parseReviewAction, type ReviewActionSchema } from "~/models/reviews/review-form.server";
import { requireAdmin } from "~/web/auth.server";
import { safeRedirect } from "~/web/redirect.server";
import { formatDateTime } from "~/utils/dates";
import { idParam, invariantResponse } from "~/utils/invariant";
import { redirectWithToast } from "~/web/toast.server";

const REVIEW_NOT_FOUND = "Reseña no encontrada";

/** A route id that is not a whole number is a review that does not exist. */

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Reseña de ${data?.review.productName ?? "producto"} | Panel Administrativo` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const review = await getAdminReview(idParam(params.reviewId, REVIEW_NOT_FOUND));
  invariantResponse(review, REVIEW_NOT_FOUND, { status: 404 });
  return json({ review });
}

/*
 * One action for the moderation of backoffice.md §4–§5, posted by this page and by the list's
 * approve button (which sends `redirectTo` to come back to the list it was on).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  await guardAction(request);
  await requireAdmin(request);
  const id = idParam(params.reviewId, REVIEW_NOT_FOUND);
  const here = `/admin/reviews/${id}`;
  const formData = await request.formData();
  const back = safeRedirect(formData.get("redirectTo"), here);
  const submission = parseReviewAction(formData);
  if (submission.status !== "success") {
    const intent = formData.get("intent");
    invariantResponse(intent === "update" || intent === "respond", "Solicitud inválida", {
      status: 400,
    });
    return json({ intent, result: submission.reply() }, { status: 400 });
  }
  const input = submission.value;

  if (input.intent === "approve") {
    const review = await getAdminReview(id);
    invariantResponse(review, REVIEW_NOT_FOUND, { status: 404 });
    // §4: only a pending review is approved; a second click from a stale page says so.
    if (review.isApproved) {
      return redirectWithToast(request, back, {
        type: "error",
        title: "Error al aprobar la reseña",
        description: "La reseña ya estaba aprobada.",
      });
    }
    const approved = await approveReview(id);
    invariantResponse(approved.ok, REVIEW_NOT_FOUND, { status: 404 });
    return redirectWithToast(request, back, { title: "Reseña aprobada" });
  }

  if (input.intent === "update") {
    const updated = await updateReview({ reviewId: id, ...input });
    // The schema checked the rating and the comment as the model does; only not-found is left.
    invariantResponse(updated.ok, REVIEW_NOT_FOUND, { status: 404 });
    return redirectWithToast(request, here, { title: "Reseña actualizada" });
  }

  const responded = await respondToReview({ reviewId: id, response: input.response });
  invariantResponse(responded.ok, REVIEW_NOT_FOUND, { status: 404 });
  return redirectWithToast(request, here, { title: "Respuesta agregada" });
}

export default function AdminReviewRoute() {
  const { review } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // The page has three forms: each button says so only while its own form is on its way.
  const pendingIntent = usePendingFormData()?.get("intent");
  const author = `${review.authorFirstName} ${review.authorLastName}`.trim() || "Cliente";
  return (
    <div className="max-w-3xl space-y-6">
      <div>
        <Link to="/admin/reviews" className="text-accent text-sm underline">
          ← Reseñas
        </Link>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold">Reseña de {review.productName}</h1>
          <ReviewStatusBadge approved={review.isApproved} />
        </div>
      </div>

      <section className="border-border bg-surface space-y-3 rounded-xl border p-5">
        <div className="flex flex-wrap items-center gap-3">
          <Stars rating={review.rating} />
          {review.title ? <h2 className="font-semibold">{review.title}</h2> : null}
        </div>
        <p className="whitespace-pre-line">{review.comment}</p>
        <dl className="text-fg-muted grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
          <dt>Autor</dt>
          <dd>
            {author} · {review.authorEmail}
          </dd>
          <dt>Producto</dt>
          <dd>
            <Link to={`/product/${review.productSlug}`} className="underline">
              {review.productName}
            </Link>
          </dd>
          <dt>Compra verificada</dt>
          <dd>{review.isVerified ? "Sí" : "No"}</dd>
          <dt>Fecha</dt>
          <dd>{formatDateTime(review.createdAt)}</dd>
        </dl>
        {review.isApproved ? null : (
          <Form method="post">
            <input type="hidden" name="intent" value="approve" />
            <Button type="submit" disabled={pendingIntent === "approve"}>
              Aprobar reseña
            </Button>
          </Form>
        )}
      </section>

      <EditForm
        review={review}
        pending={pendingIntent === "update"}
        lastResult={actionData?.intent === "update" ? actionData.result : null}
      />
      <RespondForm
        review={review}
        pending={pendingIntent === "respond"}
        lastResult={actionData?.intent === "respond" ? actionData.result : null}
      />

      <Link to={`/admin/reviews/${review.id}/delete`} className={buttonClasses("danger")}>
        Eliminar reseña
      </Link>
    </div>
  );
}

type LastResult = Parameters<typeof useServerForm>[0]["lastResult"];
type ReviewData = ReturnType<typeof useLoaderData<typeof loader>>["review"];

const controlClasses =
  "border-border-strong bg-surface text-fg block w-full rounded-md border px-3 text-base aria-invalid:border-danger";

function FieldErrors({ field }: { field: ServerField }) {
  if (!field.errors?.length) return null;
  return (
    <ul id={field.errorId} className="text-danger space-y-0.5 text-sm">
      {field.errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

type FormProps = { review: ReviewData; lastResult: LastResult; pending: boolean };

function EditForm({ review, lastResult, pending }: FormProps) {
  const { form, field } = useServerForm<typeof ReviewActionSchema>({
    id: "review-edit",
    lastResult,
    defaultValue: { rating: String(review.rating), comment: review.comment },
  });
  const rating = field("rating");
  const comment = field("comment");
  return (
    <Form method="post" {...form.props} className="border-border space-y-4 rounded-xl border p-5">
      <h2 className="font-semibold">Editar reseña</h2>
      <FormErrorAlert
        id={form.errorId}
        title="Error al actualizar la reseña"
        errors={form.errors}
        refused={form.refused}
      />
      <input type="hidden" name="intent" value="update" />
      <div className="space-y-1.5">
        <Label htmlFor={rating.id}>Calificación</Label>
        <select {...controlProps(rating)} className={`${controlClasses} h-11 w-40`}>
          {[5, 4, 3, 2, 1].map((stars) => (
            <option key={stars} value={stars}>
              {stars === 1 ? "1 estrella" : `${stars} estrellas`}
            </option>
          ))}
        </select>
        <FieldErrors field={rating} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={comment.id}>Comentario</Label>
        <textarea {...controlProps(comment)} rows={5} className={`${controlClasses} py-2`} />
        <FieldErrors field={comment} />
      </div>
      <Button type="submit" variant="secondary" disabled={pending}>
        Guardar cambios
      </Button>
    </Form>
  );
}

function RespondForm({ review, lastResult, pending }: FormProps) {
  const { form, field } = useServerForm<typeof ReviewActionSchema>({
    id: "review-respond",
    lastResult,
    defaultValue: { response: review.adminResponse ?? "" },
  });
  const response = field("response");
  return (
    <Form method="post" {...form.props} className="border-border space-y-4 rounded-xl border p-5">
      <h2 className="font-semibold">Respuesta de la tienda</h2>
      <p className="text-fg-muted text-sm">
        Se muestra debajo de la reseña en la página del producto.
      </p>
      <FormErrorAlert
        id={form.errorId}
        title="Error al agregar respuesta"
        errors={form.errors}
        refused={form.refused}
      />
      <input type="hidden" name="intent" value="respond" />
      <div className="space-y-1.5">
        <Label htmlFor={response.id}>Respuesta</Label>
        <textarea {...controlProps(response)} rows={4} className={`${controlClasses} py-2`} />
        <FieldErrors field={response} />
      </div>
      <Button type="submit" variant="secondary" disabled={pending}>
        {review.adminResponse ? "Actualizar respuesta" : "Responder"}
      </Button>
    </Form>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
