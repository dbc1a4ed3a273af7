import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ProductImage } from "~/components/product-image";
import { Badge, type BadgeVariant } from "~/components/ui/badge";
import { Button, buttonClasses } from "~/components/ui/button";
import { Pager } from "~/components/ui/pager";
import {
  deleteOrHideProduct,
  listAdminProducts,
  listBrandOptions,
  toggleProductActive,
  type AdminProductStatus,
} from "~/models/catalog/admin-products.server";
import {
  CATALOG_TYPE_LABELS,
  CATEGORY_LABELS,
  GENDER_LABELS,
  PERFUME_TYPE_LABELS,
  PRODUCT_MESSAGES,
} from "~/models/catalog/product-form";
import {
  parseProductListFilters,
  ProductRowIntentSchema,
} from "~/models/catalog/product-form.server";
import { guardAction } from "~/web/guard-action.server";
import { requireAdmin } from "~/web/auth.server";
import { formatMoney } from "~/utils/money";
import { redirectWithToast } from "~/web/toast.server";
import { ScrollRegion } from "~/components/ui/scroll-region";

const STATUS_BADGES: Record<AdminProductStatus, { label: string; variant: BadgeVariant }> = {
  inactive: { label: "Inactivo", variant: "neutral" },
  out_of_stock: { label: "Agotado", variant: "danger" },
  low_stock: { label: "Stock Bajo", variant: "warning" },
  active: { label: "Activo", variant: "success" },
};

export const meta: MetaFunction = () => [{ title: "Productos | Panel Administrativo" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const filters = parseProductListFilters(new URL(request.url).searchParams);
  const [list, brands] = await Promise.all([
    listAdminProducts({
      q: filters.q,
      category: filters.category,
      brandId: filters.brand,
      lowStock: filters.stock === "low",
      page: filters.page,
    }),
    listBrandOptions(),
  ]);
  return json({ ...list, brands });
}

export async function action({ request }: ActionFunctionArgs) {
  await guardAction(request);
  await requireAdmin(request);
  const parsed = ProductRowIntentSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw new Response("Bad Request", { status: 400 });
  const { intent, productId } = parsed.data;
  // Back to the list the admin was looking at: a row's form posts to the list's own URL, its
  // filters and page included (not the Referer: a header we do not control, and one a
  // malformed value of made this a 500).
  const back = `/admin/products${new URL(request.url).search}`;
  if (intent === "toggle") {
    const active = await toggleProductActive(productId);
    if (active === null) {
      return redirectWithToast(request, back, {
        type: "error",
        title: PRODUCT_MESSAGES.toggleFailed,
        description: "El producto ya no existe.",
      });
    }
    return redirectWithToast(request, back, {
      title: active ? "Producto visible" : "Producto oculto",
      description: active
        ? "El producto vuelve a aparecer en la tienda."
        : "El producto ya no aparece en la tienda.",
    });
  }
  const outcome = await deleteOrHideProduct(productId);
  if (outcome === "not_found") {
    return redirectWithToast(request, back, {
      type: "error",
      title: PRODUCT_MESSAGES.deleteFailed,
      description: "El producto ya no existe.",
    });
  }
  if (outcome === "hidden") {
    return redirectWithToast(request, back, {
      type: "info",
      title: "Producto ocultado",
      description: PRODUCT_MESSAGES.hiddenInsteadOfDeleted,
    });
  }
  return redirectWithToast(request, back, { title: PRODUCT_MESSAGES.deleted });
}

export default function AdminProductsRoute() {
  const { products, total, page, pageCount, brands } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">Productos</h1>
          <p className="text-fg-muted text-sm" role="status">
            {total === 1 ? "1 producto" : `${total.toLocaleString("es-HN")} productos`}
          </p>
        </div>
        <Link to="/admin/products/new" className={buttonClasses("primary")}>
          Nuevo producto
        </Link>
      </div>

      <Form method="get" className="flex flex-wrap items-end gap-3" role="search">
        <label className="flex min-w-56 flex-1 flex-col gap-1 text-sm font-medium">
          Buscar
          <input
            type="search"
            name="q"
            defaultValue={searchParams.get("q") ?? ""}
            placeholder="Nombre, marca o concentración"
            className="border-border-strong bg-surface h-11 rounded-md border px-3 text-base"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Categoría
          <select
            name="category"
            defaultValue={searchParams.get("category") ?? ""}
            className="border-border-strong bg-surface h-11 rounded-md border px-3"
          >
            <option value="">Todas</option>
            {Object.entries(CATEGORY_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Marca
          <select
            name="brand"
            defaultValue={searchParams.get("brand") ?? ""}
            className="border-border-strong bg-surface h-11 rounded-md border px-3"
          >
            <option value="">Todas</option>
            {brands.map((brand) => (
              <option key={brand.id} value={brand.id}>
                {brand.name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex h-11 items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            name="stock"
            value="low"
            defaultChecked={searchParams.get("stock") === "low"}
          />
          Solo stock bajo
        </label>
        <Button type="submit" variant="secondary">
          Filtrar
        </Button>
      </Form>

      {products.length === 0 ? (
        <p className="text-fg-muted py-12 text-center">No se encontraron productos</p>
      ) : (
        <ScrollRegion label="Productos">
          <table className="w-full min-w-[960px] text-left text-sm">
            <thead className="text-fg-muted border-b text-xs uppercase">
              <tr>
                <th className="px-2 py-3">Producto</th>
                <th className="px-2 py-3">Marca</th>
                <th className="px-2 py-3">Tipo</th>
                <th className="px-2 py-3">Precio</th>
                <th className="px-2 py-3">Stock</th>
                <th className="px-2 py-3">Estado</th>
                <th className="px-2 py-3">Etiquetas</th>
                <th className="px-2 py-3">Acciones</th>
              </tr>
            </thead>
            <tbody>
              {products.map((product) => {
                const status = STATUS_BADGES[product.status];
                return (
                  <tr key={product.id} className="border-b align-middle">
                    <td className="px-2 py-2">
                      <div className="flex items-center gap-3">
                        <div className="w-12 shrink-0">
                          <ProductImage imageKey={product.image} alt="" sizes="48px" />
                        </div>
                        <div>
                          <p className="font-medium">{product.name}</p>
                          <p className="text-fg-muted text-xs">
                            {[product.size, product.concentration].filter(Boolean).join(" · ")}
                          </p>
                        </div>
                      </div>
                    </td>
                    <td className="px-2 py-2">{product.brandName}</td>
                    <td className="space-x-1 px-2 py-2">
                      <Badge variant="info">{GENDER_LABELS[product.gender]}</Badge>
                      <Badge variant="accent">{PERFUME_TYPE_LABELS[product.perfumeType]}</Badge>
                      {product.catalogType === "custom_order" ? (
                        <Badge>{CATALOG_TYPE_LABELS.custom_order}</Badge>
                      ) : null}
                    </td>
                    <td className="px-2 py-2 whitespace-nowrap">
                      <span className="font-medium">{formatMoney(product.price)}</span>
                      {product.originalPrice !== null ? (
                        <s className="text-fg-muted ml-1 block text-xs">
                          {formatMoney(product.originalPrice)}
                        </s>
                      ) : null}
                    </td>
                    <td className="px-2 py-2">{product.stock}</td>
                    <td className="px-2 py-2">
                      <Badge variant={status.variant}>{status.label}</Badge>
                    </td>
                    <td className="space-x-1 px-2 py-2">
                      {product.tags.map((tag) => (
                        <Badge key={tag}>{tag}</Badge>
                      ))}
                    </td>
                    <td className="px-2 py-2">
                      <ProductActions product={product} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollRegion>
      )}

      <Pager page={page} pageCount={pageCount} />
    </div>
  );
}

function ProductActions({
  product,
}: {
  product: { id: number; name: string; slug: string; isActive: boolean };
}) {
  return (
    <div className="flex flex-wrap items-start gap-1">
      <Link
        to={`/admin/products/${product.id}`}
        className={buttonClasses("secondary", "sm")}
        aria-label={`Editar ${product.name}`}
      >
        Editar
      </Link>
      <Form method="post">
        <input type="hidden" name="productId" value={product.id} />
        <Button
          type="submit"
          name="intent"
          value="toggle"
          variant="ghost"
          size="sm"
          aria-label={`${product.isActive ? "Ocultar" : "Mostrar"} ${product.name}`}
        >
          {product.isActive ? "Ocultar" : "Mostrar"}
        </Button>
      </Form>
      {/* The confirmation works without JS: the delete button only shows once opened. */}
      <details className="relative">
        <summary
          className={`${buttonClasses("ghost", "sm")} text-danger cursor-pointer list-none`}
          aria-label={`Eliminar ${product.name}`}
        >
          Eliminar
        </summary>
        <Form
          method="post"
          className="bg-surface absolute right-0 z-10 mt-1 w-64 space-y-2 rounded-md border p-3 shadow-lg"
        >
          <p className="text-sm">
            ¿Eliminar «{product.name}»? Si aparece en algún pedido, se ocultará en su lugar.
          </p>
          <input type="hidden" name="productId" value={product.id} />
          <Button type="submit" name="intent" value="delete" variant="danger" size="sm">
            Sí, eliminar
          </Button>
        </Form>
      </details>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
