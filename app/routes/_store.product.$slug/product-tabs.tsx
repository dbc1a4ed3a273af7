import { Link, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import type { ProductDetail } from "~/models/catalog/products.server";
import { REVIEW_REFUSALS, type ReviewEligibility } from "~/models/reviews/reviews";
import type { ApprovedReview } from "~/models/reviews/reviews.server";
import { formatDate } from "~/utils/dates";
import { Stars } from "./product-details";

type Reviewing = { eligibility: ReviewEligibility; moderated: boolean };

const TABS = [
  { id: "descripcion", label: "Descripción" },
  { id: "resenas", label: "Reseñas" },
  { id: "recomendaciones", label: "Recomendaciones" },
] as const;
type TabId = (typeof TABS)[number]["id"];

const GENDERS: Record<ProductDetail["gender"], string> = {
  masculine: "Masculino",
  feminine: "Femenino",
  unisex: "Unisex",
};
const TYPES: Record<ProductDetail["perfumeType"], string> = {
  designer: "Diseñador",
  niche: "Nicho",
};

/** The product's code as the shop reads it over the phone (the spec names no format). */
export function productCode(id: number) {
  return `PDL-${String(id).padStart(5, "0")}`;
}

/**
 * Descripción / Reseñas / Recomendaciones as links (?tab=resenas#detalles): the server renders
 * the chosen one, so they work without JS, and each is a shareable address.
 */
export function ProductTabs({
  product,
  reviews,
  rating,
  reviewing,
  reviewForm,
}: {
  product: ProductDetail;
  reviews: ApprovedReview[];
  rating: { average: number; count: number };
  reviewing: Reviewing;
  /** The review form (the route loads its code only for a page that shows it). */
  reviewForm: ReactNode;
}) {
  const [searchParams] = useSearchParams();
  const requested = searchParams.get("tab");
  const current: TabId = TABS.find((tab) => tab.id === requested)?.id ?? "descripcion";

  return (
    <section id="detalles" aria-labelledby="detalles-titulo" className="mt-12 scroll-mt-20">
      <h2 id="detalles-titulo" className="sr-only">
        Detalles del producto
      </h2>
      <nav aria-label="Secciones del producto" className="border-border border-b">
        <ul className="flex gap-1 overflow-x-auto">
          {TABS.map((tab) => {
            const params = new URLSearchParams(searchParams);
            params.set("tab", tab.id);
            return (
              <li key={tab.id}>
                <Link
                  to={{ search: `?${params}`, hash: "detalles" }}
                  replace
                  preventScrollReset
                  aria-current={tab.id === current ? "true" : undefined}
                  className="text-fg-muted hover:text-fg aria-[current=true]:border-primary aria-[current=true]:text-fg -mb-px inline-block border-b-2 border-transparent px-4 py-3 text-sm font-semibold whitespace-nowrap"
                >
                  {tab.label}
                  {tab.id === "resenas" ? ` (${rating.count})` : null}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="py-6">
        {current === "descripcion" ? <DescriptionTab product={product} /> : null}
        {current === "resenas" ? (
          <ReviewsTab
            slug={product.slug}
            reviews={reviews}
            rating={rating}
            reviewing={reviewing}
            reviewForm={reviewForm}
          />
        ) : null}
        {current === "recomendaciones" ? <RecommendationsTab product={product} /> : null}
      </div>
    </section>
  );
}

function DescriptionTab({ product }: { product: ProductDetail }) {
  const rows: [string, string][] = [
    ["Marca", product.brandName],
    ["Género", GENDERS[product.gender]],
    ["Tipo", TYPES[product.perfumeType]],
    ...(product.concentration
      ? [["Concentración", product.concentration] as [string, string]]
      : []),
    ["Tamaños", product.sizes.map((option) => option.size).join(", ")],
    ["Stock", product.stock > 0 ? `${product.stock} disponibles` : "Agotado"],
    ["Código", productCode(product.id)],
  ];
  return (
    <div className="grid gap-8 md:grid-cols-[2fr_1fr]">
      <div className="space-y-4 leading-relaxed whitespace-pre-line">{product.description}</div>
      <dl className="border-border divide-border divide-y rounded-lg border text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 px-4 py-2">
            <dt className="text-fg-muted">{label}</dt>
            <dd className="text-right font-medium">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/**
 * The form only where it can succeed; otherwise the reason (storefront.md §5), so nobody writes a
 * review the server will refuse.
 */
function WriteReview({
  slug,
  reviewing,
  reviewForm,
}: {
  slug: string;
  reviewing: Reviewing;
  reviewForm: ReactNode;
}) {
  switch (reviewing.eligibility) {
    case "can-review":
      return reviewForm;
    case "visitor": {
      const redirectTo = `/product/${slug}?tab=resenas#detalles`;
      return (
        <div className="text-fg-muted flex flex-wrap items-center gap-x-3 gap-y-1">
          <p>{REVIEW_REFUSALS.visitor}</p>
          <Link
            to={`/login?${new URLSearchParams({ redirectTo })}`}
            className="text-fg font-semibold underline underline-offset-4"
          >
            Iniciar Sesión
          </Link>
        </div>
      );
    }
    case "not-purchased":
      return <p className="text-fg-muted">{REVIEW_REFUSALS["not-purchased"]}</p>;
    case "pending":
      return <p className="text-fg-muted">Tu reseña está pendiente de aprobación.</p>;
    case "reviewed":
      return <p className="text-fg-muted">{REVIEW_REFUSALS["already-reviewed"]}</p>;
  }
}

function ReviewsTab({
  slug,
  reviews,
  rating,
  reviewing,
  reviewForm,
}: {
  slug: string;
  reviews: ApprovedReview[];
  rating: { average: number; count: number };
  reviewing: Reviewing;
  reviewForm: ReactNode;
}) {
  return (
    <div className="space-y-6">
      {reviews.length === 0 ? (
        <p className="text-fg-muted">Este producto aún no tiene reseñas.</p>
      ) : (
        <p className="flex items-center gap-2">
          <Stars rating={rating.average} className="size-5" />
          <span className="font-semibold">{rating.average.toFixed(1)} de 5</span>
          <span className="text-fg-muted">
            ({rating.count} {rating.count === 1 ? "reseña" : "reseñas"})
          </span>
        </p>
      )}
      <WriteReview slug={slug} reviewing={reviewing} reviewForm={reviewForm} />
      {reviews.length > 0 ? (
        <ul className="space-y-6">
          {reviews.map((review) => (
            <li key={review.id} className="border-border border-b pb-6">
              <article aria-label={`Reseña de ${review.authorFirstName || "Cliente"}`}>
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <Stars rating={review.rating} />
                  <span className="sr-only">{review.rating} de 5 estrellas</span>
                  {review.title ? <h3 className="font-semibold">{review.title}</h3> : null}
                </div>
                <p className="mt-2 whitespace-pre-line">{review.comment}</p>
                <p className="text-fg-muted mt-2 text-sm">
                  {review.authorFirstName || "Cliente"} ·{" "}
                  <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
                  {review.isVerified ? " · Compra verificada" : null}
                </p>
                {review.adminResponse ? (
                  <div className="bg-surface-muted mt-3 rounded-md p-3 text-sm">
                    <p className="font-semibold">Respuesta de la tienda</p>
                    <p className="mt-1">{review.adminResponse}</p>
                  </div>
                ) : null}
              </article>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function RecommendationsTab({ product }: { product: ProductDetail }) {
  const groups = [
    { title: "Temporadas", items: product.seasons },
    { title: "Ocasiones", items: product.occasions },
  ];
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      {groups.map((group) => (
        <div key={group.title}>
          <h3 className="font-semibold">{group.title}</h3>
          {group.items.length > 0 ? (
            <ul className="mt-2 flex flex-wrap gap-2">
              {group.items.map((item) => (
                <li key={item} className="bg-surface-muted rounded-full px-3 py-1 text-sm">
                  {item}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-fg-muted mt-2 text-sm">Sin recomendaciones.</p>
          )}
        </div>
      ))}
    </div>
  );
}
