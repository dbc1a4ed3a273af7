import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ReviewStatusBadge, Stars } from "~/components/reviews/review-parts";
import { Button } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { FilterForm, filterFieldClass } from "~/components/ui/filter-form";
import { Pager } from "~/components/ui/pager";
import { REVIEW_STATUS_FILTER_LABELS, REVIEW_STATUS_FILTERS } from "~/models/reviews/admin";
import { listAdminReviews } from "~/models/reviews/admin.server";
import { requireAdmin } from "~/web/auth.server";
import { formatDate } from "~/utils/dates";
import { requestedPage } from "~/utils/paging";

export const meta: MetaFunction = () => [{ title: "Reseñas | Panel Administrativo" }];

/** How much of a comment the table shows; the detail shows it whole. */
const EXCERPT_LENGTH = 80;

function excerpt(text: string) {
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH).trimEnd()}…` : text;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const status = REVIEW_STATUS_FILTERS.find((value) => value === url.searchParams.get("status"));
  const rating = Number(url.searchParams.get("rating"));
  const filters = {
    status: status ?? "all",
    rating: Number.isInteger(rating) && rating >= 1 && rating <= 5 ? rating : undefined,
    product: url.searchParams.get("product")?.trim() ?? "",
    page: requestedPage(url.searchParams.get("page")),
  };
  const list = await listAdminReviews(filters);
  return json({ filters, list });
}

export default function AdminReviewsRoute() {
  const { filters, list } = useLoaderData<typeof loader>();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Reseñas</h1>
      <FilterForm count={{ total: list.total, one: "reseña", many: "reseñas" }}>
        <label className="text-sm">
          Producto
          <input
            type="search"
            name="product"
            defaultValue={filters.product}
            placeholder="Nombre del producto"
            className={`${filterFieldClass} w-64`}
          />
        </label>
        <label className="text-sm">
          Estado
          <select name="status" defaultValue={filters.status} className={filterFieldClass}>
            {REVIEW_STATUS_FILTERS.map((status) => (
              <option key={status} value={status}>
                {REVIEW_STATUS_FILTER_LABELS[status]}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          Calificación
          <select name="rating" defaultValue={filters.rating ?? ""} className={filterFieldClass}>
            <option value="">Todas</option>
            {[5, 4, 3, 2, 1].map((stars) => (
              <option key={stars} value={stars}>
                {stars === 1 ? "1 estrella" : `${stars} estrellas`}
              </option>
            ))}
          </select>
        </label>
      </FilterForm>
      <DataTable
        headings={[
          "Producto",
          "Autor",
          "Calificación",
          "Reseña",
          "Verificada",
          "Estado",
          "Fecha",
          "Acciones",
        ]}
        empty={list.reviews.length === 0 && "No se encontraron reseñas"}
      >
        {list.reviews.map((review) => (
          <tr key={review.id} className="align-top">
            <td className="px-3 py-2 font-medium">{review.productName}</td>
            <td className="px-3 py-2">
              <div>{`${review.authorFirstName} ${review.authorLastName}`.trim()}</div>
              <div className="text-fg-muted">{review.authorEmail}</div>
            </td>
            <td className="px-3 py-2">
              <Stars rating={review.rating} />
            </td>
            <td className="max-w-xs px-3 py-2">
              {review.title ? <div className="font-medium">{review.title}</div> : null}
              <div className="text-fg-muted">{excerpt(review.comment)}</div>
              {review.adminResponse ? <div className="text-xs">Respondida</div> : null}
            </td>
            <td className="px-3 py-2">{review.isVerified ? "Sí" : "No"}</td>
            <td className="px-3 py-2">
              <ReviewStatusBadge approved={review.isApproved} />
            </td>
            <td className="px-3 py-2 whitespace-nowrap">{formatDate(review.createdAt)}</td>
            <td className="space-y-1 px-3 py-2">
              {review.isApproved ? null : (
                <Form method="post" action={`/admin/reviews/${review.id}`}>
                  <input type="hidden" name="intent" value="approve" />
                  <input type="hidden" name="redirectTo" value={here} />
                  <Button
                    type="submit"
                    size="sm"
                    aria-label={`Aprobar la reseña de ${review.authorFirstName} sobre ${review.productName}`}
                  >
                    Aprobar
                  </Button>
                </Form>
              )}
              <Link
                to={`/admin/reviews/${review.id}`}
                aria-label={`Ver detalle de la reseña de ${review.authorFirstName} sobre ${review.productName}`}
                className="block underline"
              >
                Ver detalle
              </Link>
              <Link
                to={`/admin/reviews/${review.id}/delete`}
                aria-label={`Eliminar la reseña de ${review.authorFirstName} sobre ${review.productName}`}
                className="text-danger block underline"
              >
                Eliminar
              </Link>
            </td>
          </tr>
        ))}
      </DataTable>
      <Pager page={list.page} pageCount={list.pageCount} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
