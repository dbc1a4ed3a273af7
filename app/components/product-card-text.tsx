import { Link } from "@remix-run/react";
import { discountPercent } from "~/models/catalog/product-badge";
import { formatMoney } from "~/utils/money";

export type CardTextProps = {
  brandName: string;
  name: string;
  slug: string;
  /**
   * The card's name is a heading one level below the heading the cards sit under: 2 right
   * under the page's h1 (the catalogue), 3 in a titled section (Lighthouse heading-order).
   */
  headingLevel: 2 | 3;
  rating: number;
  reviewCount: number;
  price: number;
  originalPrice: number | null;
  tax: string | null;
};

/**
 * What a product card says: its brand, its name (the link that covers the whole card), its
 * rating and its price. Only read and followed: the page keeps the server's HTML of it
 * (product-card.tsx, decision 159).
 */
export function CardText(props: CardTextProps) {
  const Heading = props.headingLevel === 2 ? "h2" : "h3";
  return (
    <>
      <p className="text-fg-muted text-xs font-medium tracking-wide uppercase">{props.brandName}</p>
      <Heading className="leading-snug font-medium">
        {/* The link covers the whole card; the heart stays above it. */}
        <Link
          to={`/product/${props.slug}`}
          prefetch="intent"
          data-prefetch=""
          className="after:absolute after:inset-0 after:content-['']"
        >
          {props.name}
        </Link>
      </Heading>
      <Rating value={props.rating} count={props.reviewCount} />
      <Price price={props.price} originalPrice={props.originalPrice} tax={props.tax} />
    </>
  );
}

export function Rating({ value, count }: { value: number; count: number }) {
  const percent = Math.max(0, Math.min(100, (value / 5) * 100));
  return (
    <p className="flex items-center gap-1.5 text-xs">
      <span aria-hidden="true" className="relative inline-block leading-none tracking-tight">
        <span className="text-border-strong">★★★★★</span>
        <span
          className="text-accent absolute inset-0 overflow-hidden"
          style={{ width: `${percent}%` }}
        >
          ★★★★★
        </span>
      </span>
      <span className="sr-only">Calificación {value.toFixed(1)} de 5,</span>
      <span className="text-fg-muted">
        ({count}
        <span className="sr-only"> reseñas</span>)
      </span>
    </p>
  );
}

export function Price({
  price,
  originalPrice,
  tax,
}: {
  price: number;
  originalPrice: number | null;
  /** 'ISV incluido' or '+ ISV' (useTaxNote). */
  tax: string | null;
}) {
  const percent = discountPercent(price, originalPrice);
  return (
    <p className="mt-auto flex flex-wrap items-baseline gap-x-2 pt-1">
      <span className="font-semibold">{formatMoney(price)}</span>
      {tax ? <span className="text-fg-muted text-xs">{tax}</span> : null}
      {percent !== null && originalPrice !== null ? (
        <>
          <s className="text-fg-muted text-sm">
            <span className="sr-only">Antes </span>
            {formatMoney(originalPrice)}
          </s>
          <span className="text-danger text-sm font-semibold">-{percent}%</span>
        </>
      ) : null}
    </p>
  );
}
