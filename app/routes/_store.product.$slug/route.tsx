import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { WishlistButton } from "~/components/wishlist-button";
import { CART_CHANGE_FAILED, cartNotice } from "~/models/cart/cart";
import { addToCart } from "~/models/cart/cart.server";
import { relatedProducts } from "~/models/catalog/catalog.server";
import { getProductBySlug } from "~/models/catalog/products.server";
import { ratingSummary, REVIEW_REFUSALS, reviewSentMessage } from "~/models/reviews/reviews";
import {
  createReview,
  getReviewEligibility,
  listApprovedReviews,
} from "~/models/reviews/reviews.server";
import { getSettings } from "~/models/settings/settings.server";
import { deliveryEstimate } from "~/models/checkout/delivery-estimate";
import { isDepartment } from "~/utils/departments";
import { DEPARTMENT_PARAM } from "~/utils/departments";
import { wishlistedProductIds } from "~/models/catalog/wishlist.server";
import { guardAction } from "~/web/guard-action.server";
import { getUser } from "~/web/auth.server";
import { productImageUrl } from "~/utils/images";
import { formatMoney } from "~/utils/money";
import { recordRecentlyViewed } from "~/web/recently-viewed.server";
import { requestOrigin } from "~/utils/security.server";
import { invariantResponse } from "~/utils/invariant";
import { getShopper } from "~/web/shopper.server";
import { redirectWithToast } from "~/web/toast.server";
import { DeliveryEstimate } from "./delivery-estimate";
import { ProductDetails, type CartFormError } from "./product-details";
import { ProductGallery } from "./product-gallery";
import { ProductTabs } from "./product-tabs";
import { RelatedProducts } from "./related-products";
import { parseAddToCart, parseReview } from "./forms.server";
import { ReviewForm as ReviewFormOnServer } from "./review-form-render.server";
import { ProductErrorBoundary as ProductErrorBoundaryOnServer } from "./not-found-render.server";
import {
  RecommendationsTab as RecommendationsTabOnServer,
  ReviewsTab as ReviewsTabOnServer,
} from "./tab-panels-render.server";
import { keptAsServed, ShownLaterBoundary, shownLater } from "~/utils/shown-later";
import { Breadcrumb as BreadcrumbOnServer } from "./product-facts-render.server";
import { keptCardText } from "~/components/product-card";
import { CardText as CardTextOnServer } from "~/components/product-card-text-render.server";

const STORE_NAME = "Perfumería de Lujo";

/*
 * Few shoppers see the review form (a customer who bought the perfume, on the Reseñas tab), so
 * the browser loads its code only for a page that shows it: React hydrates the server's HTML of
 * the form, inside its Suspense boundary, once that code arrives (selective hydration), and a
 * client-side visit to the tab shows it then. The server renders it at once (its own import).
 * Its boundary (ShownLaterBoundary, as the tabs') keeps that HTML through a navigation until
 * then, open and filled in as the shopper left it (decision 126).
 */
/* A card's words are only read: the page keeps their server HTML (decision 159). */
const CardText = keptCardText(CardTextOnServer);

/* The way back to the catalogue is only followed: the page keeps its server HTML (decision 159). */
const Breadcrumb = keptAsServed(BreadcrumbOnServer, () =>
  import("./product-facts").then((module) => module.Breadcrumb),
);

const ReviewForm = shownLater(ReviewFormOnServer, () =>
  import("./review-form").then((module) => module.ReviewForm),
);

/*
 * The Reseñas and Recomendaciones tabs the same way: most visits show Descripción, so their code
 * loads when a shopper points at or focuses a tab, or for a page opened on one of them.
 */
const loadTabPanels = () => import("./tab-panels");
const ReviewsTab = shownLater(ReviewsTabOnServer, () =>
  loadTabPanels().then((module) => module.ReviewsTab),
);
const RecommendationsTab = shownLater(RecommendationsTabOnServer, () =>
  loadTabPanels().then((module) => module.RecommendationsTab),
);

/** The error screens too, as the root's (decision 112): their code loads when one is shown. */
const ProductErrorBoundary = shownLater(ProductErrorBoundaryOnServer, () =>
  import("./not-found").then((module) => module.ProductErrorBoundary),
);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const product = await getProductBySlug(params.slug ?? "");
  invariantResponse(product, "Producto no encontrado", { status: 404 });
  const [user, reviews, related, settings] = await Promise.all([
    getUser(request),
    listApprovedReviews(product.id),
    relatedProducts({ productId: product.id, brandId: product.brandId }),
    getSettings(),
  ]);
  const [wishlist, eligibility] = await Promise.all([
    wishlistedProductIds(user?.id ?? null, [product.id, ...related.map((item) => item.id)]),
    getReviewEligibility(user?.id ?? null, product.id),
  ]);
  const origin = requestOrigin(request);
  const mainImage = product.images[0];
  const department = new URL(request.url).searchParams.get(DEPARTMENT_PARAM);
  return json(
    {
      product: { ...product, inWishlist: wishlist.includes(product.id) },
      reviews,
      rating: ratingSummary(reviews),
      reviewing: { eligibility, moderated: !settings.autoApproveReviews },
      // backoffice.md §9: 'Quedan N unidades' from the low-stock threshold down.
      lowStockAt: settings.stockThreshold,
      related,
      wishlist,
      // Decision 099: the estimate without JS, for the department the page's form sent.
      delivery: isDepartment(department)
        ? deliveryEstimate({ department, subtotal: product.price, settings })
        : null,
      share: {
        url: `${origin}/product/${product.slug}`,
        image: mainImage ? `${origin}${productImageUrl(mainImage, 640)}` : null,
      },
    },
    { headers: await recordRecentlyViewed(request, product.id) },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  await guardAction(request);
  const formData = await request.formData();
  if (formData.get("intent") === "review")
    return reviewAction(request, formData, params.slug ?? "");
  const submission = parseAddToCart(formData);
  const submitted = {
    size: String(formData.get("size") ?? ""),
    quantity: String(formData.get("quantity") ?? "1"),
  };
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? CART_CHANGE_FAILED.add;
    const error: CartFormError = { title: "Error", message, ...submitted };
    return json({ error }, { status: 400 });
  }

  // D10: a visitor's cart lives on a guest id in the session, created with the first line.
  const { shopper, session } = await getShopper(request, { createGuest: true });
  const { productId, size, quantity } = submission.value;
  const result = await addToCart({ shopper, productId, size, quantity });
  if (!result.ok) {
    const error: CartFormError = { ...cartNotice(result, "add"), ...submitted };
    return json({ error }, { status: 400 });
  }

  // Post/redirect/get back to the same page (tab and picture kept), with §8's product-page
  // toast 'Producto agregado'; its line says where it went, as the cards' 'Agregado al carrito'.
  const url = new URL(request.url);
  const toast = {
    title: "Producto agregado",
    description: `Agregado al carrito: ${result.productName} (${result.size}) × ${quantity} a ${formatMoney(result.unitPrice)} c/u.`,
  };
  return redirectWithToast(request, `${url.pathname}${url.search}`, toast, { session });
}

/** The reviews tab, where a review's outcome is shown (storefront.md §8). */
function reviewsTabUrl(slug: string) {
  return `/product/${slug}?tab=resenas#detalles`;
}

/**
 * 'Escribir reseña' (storefront.md §5, §8): a refusal comes back as the error toast 'No se pudo
 * enviar la reseña' with its reason, and the tab then shows why the form is gone.
 */
async function reviewAction(request: Request, formData: FormData, slug: string) {
  const product = await getProductBySlug(slug);
  invariantResponse(product, "Producto no encontrado", { status: 404 });
  const refuse = (description: string) =>
    redirectWithToast(request, reviewsTabUrl(product.slug), {
      type: "error",
      title: "No se pudo enviar la reseña",
      description,
    });
  const user = await getUser(request);
  if (!user) return refuse(REVIEW_REFUSALS.visitor);

  const submission = parseReview(formData);
  if (submission.status !== "success") {
    return json({ review: submission.reply() }, { status: 400 });
  }
  const { rating, title, comment } = submission.value;
  const result = await createReview({
    userId: user.id,
    productId: product.id,
    rating,
    title: title ?? null,
    comment,
  });
  if (!result.ok) return refuse(REVIEW_REFUSALS[result.error]);
  return redirectWithToast(request, reviewsTabUrl(product.slug), {
    title: "Reseña enviada",
    description: reviewSentMessage(result.approved),
  });
}

/** Changing the tab or the picture is a client-side view change; the page data stays. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (
    !formMethod &&
    currentUrl.pathname === nextUrl.pathname &&
    currentUrl.search !== nextUrl.search
  ) {
    return false;
  }
  return defaultShouldRevalidate;
};

export default function ProductRoute() {
  const { product, reviews, rating, reviewing, related, wishlist, share, delivery, lowStockAt } =
    useLoaderData<typeof loader>();
  return (
    <main id="main" className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-10">
      <Breadcrumb brandId={product.brandId} brandName={product.brandName} name={product.name} />
      <div className="grid gap-8 md:grid-cols-2 md:gap-12">
        <div className="relative">
          <ProductGallery images={product.images} name={product.name} />
          <WishlistButton
            productId={product.id}
            productName={product.name}
            inWishlist={product.inWishlist}
            className="absolute top-3 right-3"
          />
        </div>
        <div className="space-y-6">
          <ProductDetails
            product={product}
            rating={rating}
            shareUrl={share.url}
            lowStockAt={lowStockAt}
          />
          <DeliveryEstimate slug={product.slug} estimate={delivery} />
        </div>
      </div>
      <ProductTabs
        product={product}
        reviewCount={rating.count}
        onIntent={() => void loadTabPanels()}
        reviews={
          <ShownLaterBoundary>
            <ReviewsTab
              slug={product.slug}
              reviews={reviews}
              rating={rating}
              reviewing={reviewing}
              reviewForm={
                <ShownLaterBoundary>
                  <ReviewForm moderated={reviewing.moderated} />
                </ShownLaterBoundary>
              }
            />
          </ShownLaterBoundary>
        }
        recommendations={
          <ShownLaterBoundary>
            <RecommendationsTab product={product} />
          </ShownLaterBoundary>
        }
      />
      <RelatedProducts
        brandName={product.brandName}
        products={related}
        wishlist={wishlist}
        CardText={CardText}
      />
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: `Producto no encontrado | ${STORE_NAME}` }];
  const { product, share } = data;
  const title = `${product.name} | ${STORE_NAME}`;
  const description =
    product.shortDescription ?? `${product.name} de ${product.brandName}, original, en Honduras.`;
  return [
    { title },
    { name: "description", content: description },
    { property: "og:site_name", content: STORE_NAME },
    { property: "og:type", content: "product" },
    { property: "og:locale", content: "es_HN" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: share.url },
    ...(share.image
      ? [
          { property: "og:image", content: share.image },
          { property: "og:image:type", content: "image/webp" },
          { property: "og:image:width", content: "640" },
          { property: "og:image:height", content: "640" },
          { property: "og:image:alt", content: product.name },
        ]
      : []),
    { name: "twitter:card", content: "summary_large_image" },
    { tagName: "link", rel: "canonical", href: share.url },
  ];
};

export function ErrorBoundary() {
  return (
    <ShownLaterBoundary>
      <ProductErrorBoundary />
    </ShownLaterBoundary>
  );
}
