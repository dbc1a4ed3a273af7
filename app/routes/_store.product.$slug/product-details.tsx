import { buttonClasses } from "~/components/ui/button";
import { WhatsappLink } from "~/components/whatsapp-link";
import { useRootData } from "~/hooks/use-root-data";
import type { ProductDetail } from "~/models/catalog/products.server";
import { keptAsServed } from "~/utils/shown-later";
import { AddToCartForm } from "./add-to-cart-form";
import * as FactsOnServer from "./product-facts-render.server";
import { ShareLinks } from "./share-links";

/*
 * What the page says of the perfume (its name, badges, rating, notes) is only read and
 * followed: the page keeps the server's HTML of it and loads product-facts.tsx only to draw it
 * anew (decision 159).
 */
const loadFacts = () => import("./product-facts");
const ProductHeading = keptAsServed(FactsOnServer.ProductHeading, () =>
  loadFacts().then((module) => module.ProductHeading),
);
const Guarantees = keptAsServed(FactsOnServer.Guarantees, () =>
  loadFacts().then((module) => module.Guarantees),
);
const ProductFacts = keptAsServed(FactsOnServer.ProductFacts, () =>
  loadFacts().then((module) => module.ProductFacts),
);

/** What the add-to-cart action sends back when it refuses (with the shopper's choice). */
export type CartFormError = { title: string; message: string; size: string; quantity: string };

/** Decision 101: a question to the shop's WhatsApp (from the settings) about this perfume. */
function AskOnWhatsapp({ name, url }: { name: string; url: string }) {
  const phone = useRootData()?.settings.whatsapp;
  return (
    <WhatsappLink
      phone={phone}
      text={`Hola, quisiera más información sobre ${name}: ${url}`}
      className={`${buttonClasses("secondary", "md", { wrap: true })} mt-3 w-full sm:w-auto`}
    >
      Preguntar por WhatsApp
    </WhatsappLink>
  );
}

export function ProductDetails({
  product,
  rating,
  shareUrl,
  lowStockAt,
}: {
  product: ProductDetail;
  rating: { average: number; count: number };
  shareUrl: string;
  /** The store's low-stock threshold (the stockThreshold setting). */
  lowStockAt: number;
}) {
  return (
    <div>
      <ProductHeading
        brandName={product.brandName}
        name={product.name}
        shortDescription={product.shortDescription}
        ratingAverage={rating.average}
        ratingCount={rating.count}
        badgeFacts={{
          stock: product.stock,
          catalogType: product.catalogType,
          isNew: product.isNew,
          isViral: product.isViral,
        }}
        lowStockAt={lowStockAt}
      />
      <AddToCartForm product={product} />
      <AskOnWhatsapp name={product.name} url={shareUrl} />

      <Guarantees featured={product.isFeatured} exclusive={product.isExclusive} />
      <ShareLinks url={shareUrl} title={product.name} />

      <ProductFacts
        topNotes={product.topNotes}
        middleNotes={product.middleNotes}
        baseNotes={product.baseNotes}
        longevity={product.longevity}
        sillage={product.sillage}
      />
    </div>
  );
}
