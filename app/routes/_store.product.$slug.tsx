import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { Page } from "~/components/page";
import { db } from "~/utils/db.server";
import { formatMoney } from "~/utils/money";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.product.name} | Perfumería de Lujo` : "Producto no encontrado" },
];

export async function loader({ params }: LoaderFunctionArgs) {
  const product = await db
    .selectFrom("products")
    .innerJoin("brands", "brands.id", "products.brandId")
    .select([
      "products.name",
      "products.slug",
      "products.price",
      "products.shortDescription",
      "brands.name as brandName",
    ])
    .where("products.slug", "=", params.slug ?? "")
    .where("products.isActive", "=", 1)
    .executeTakeFirst();
  if (!product) throw json({ message: "Producto no encontrado" }, { status: 404 });
  return json({ product });
}

// The full product page (gallery, sizes, pyramid, reviews) comes with the catalogue issue.
export default function ProductRoute() {
  const { product } = useLoaderData<typeof loader>();
  return (
    <Page title={product.name} intro={product.brandName}>
      <p>{product.shortDescription}</p>
      <p className="mt-4 text-2xl font-semibold">{formatMoney(product.price)}</p>
    </Page>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Page title="Producto no encontrado">
        <Link to="/catalog" className="underline">
          Volver al catálogo
        </Link>
      </Page>
    );
  }
  throw error;
}
