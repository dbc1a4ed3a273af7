import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import {
  createAdminProduct,
  getAdminProduct,
  listBrandOptions,
  updateAdminProduct,
  type AdminProduct,
} from "~/models/catalog/admin-products.server";
import {
  moneyInputValue,
  PRODUCT_MESSAGES,
  PRODUCT_WRITE_REFUSALS,
} from "~/models/catalog/product-form";
import { parseProductForm, replyAsTyped } from "~/models/catalog/product-form.server";
import { guardAction } from "~/web/guard-action.server";
import { requireAdmin } from "~/web/auth.server";
import { isProductImageKey } from "~/utils/images";
import { idParam, invariantResponse } from "~/utils/invariant";
import { readProductForm } from "~/web/uploads.server";
import { redirectWithToast } from "~/web/toast.server";
import { ProductForm, type ProductFormDefaults } from "./product-form";

/*
 * /admin/products/new and /admin/products/{id}: one form for both (backoffice.md §3, §5). The
 * form is multipart so pictures upload without JS; the image buttons (main, move, remove) post
 * the whole form back and get it re-rendered with what was typed, so nothing is lost.
 */

type Params = { productId?: string };

async function loadTarget(params: Params) {
  if (params.productId === "new") return null;
  const product = await getAdminProduct(idParam(params.productId, "Producto no encontrado"));
  invariantResponse(product, "Producto no encontrado", { status: 404 });
  return product;
}

function formDefaults(product: AdminProduct | null): ProductFormDefaults {
  if (!product) {
    return {
      category: "fragrance",
      gender: "unisex",
      perfumeType: "designer",
      catalogType: "normal",
      size: "100ml",
      availableSizes: "100ml",
      concentration: "Eau de Parfum",
      stock: "0",
      minStock: "5",
      isActive: "on",
      images: [],
    };
  }
  const flag = (value: boolean) => (value ? "on" : undefined);
  return {
    name: product.name,
    slug: product.slug,
    brandId: String(product.brandId),
    category: product.category,
    gender: product.gender,
    perfumeType: product.perfumeType,
    catalogType: product.catalogType,
    description: product.description,
    shortDescription: product.shortDescription ?? "",
    price: moneyInputValue(product.price),
    originalPrice: moneyInputValue(product.originalPrice),
    stock: String(product.stock),
    minStock: String(product.minStock),
    size: product.size,
    availableSizes: product.availableSizes.join(", "),
    concentration: product.concentration ?? "",
    topNotes: product.topNotes.join(", "),
    middleNotes: product.middleNotes.join(", "),
    baseNotes: product.baseNotes.join(", "),
    longevity: product.longevity ?? "",
    sillage: product.sillage ?? "",
    seasons: product.seasons,
    occasions: product.occasions,
    videoUrl: product.videoUrl ?? "",
    images: product.images,
    isActive: flag(product.isActive),
    isFeatured: flag(product.isFeatured),
    isNew: flag(product.isNew),
    isViral: flag(product.isViral),
    isExclusive: flag(product.isExclusive),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: `${data?.product ? `Editar ${data.product.name}` : "Nuevo producto"} | Panel Administrativo`,
  },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const product = await loadTarget(params);
  const brands = await listBrandOptions();
  return json({
    product: product && { id: product.id, name: product.name, slug: product.slug },
    defaults: formDefaults(product),
    brands,
  });
}

/** The image buttons: "main:KEY", "left:KEY", "right:KEY", "remove:KEY". */
function applyImageAction(images: string[], action: string) {
  const [verb, key] = action.split(":");
  const index = images.indexOf(key ?? "");
  if (index === -1) return images;
  const next = [...images];
  if (verb === "remove") next.splice(index, 1);
  else if (verb === "main") next.unshift(...next.splice(index, 1));
  else if (verb === "left" && index > 0)
    [next[index - 1], next[index]] = [next[index], next[index - 1]];
  else if (verb === "right" && index < next.length - 1)
    [next[index], next[index + 1]] = [next[index + 1], next[index]];
  return next;
}

export async function action({ request, params }: ActionFunctionArgs) {
  await guardAction(request);
  await requireAdmin(request);
  const product = await loadTarget(params);
  const { formData, keys, errors: imageErrors } = await readProductForm(request);

  // The pictures already chosen, then the ones just uploaded; the same picture once.
  const posted = formData.getAll("images").filter((value) => typeof value === "string");
  const imageAction = formData.get("imageAction");
  let images = [...new Set([...posted, ...keys])].filter(isProductImageKey);
  if (typeof imageAction === "string") images = applyImageAction(images, imageAction);
  formData.delete("images");
  for (const key of images) formData.append("images", key);

  if (typeof imageAction === "string" && imageErrors.length === 0) {
    // Only the pictures changed: the form comes back as typed, not validated and not saved.
    return json({ result: replyAsTyped(formData), images });
  }
  const submission = parseProductForm(formData);
  const imageFieldErrors: Record<string, string[]> =
    imageErrors.length > 0 ? { newImages: imageErrors } : {};
  if (submission.status !== "success" || imageErrors.length > 0) {
    return json(
      { result: submission.reply({ fieldErrors: imageFieldErrors }), images },
      { status: 400 },
    );
  }

  const failed = product ? PRODUCT_MESSAGES.updateFailed : PRODUCT_MESSAGES.createFailed;
  const saved = product
    ? await updateAdminProduct(product.id, submission.value)
    : await createAdminProduct(submission.value);
  if (!saved.ok) {
    invariantResponse(saved.error !== "not-found", "Producto no encontrado", { status: 404 });
    const { field, message } = PRODUCT_WRITE_REFUSALS[saved.error];
    const fieldErrors = { [field]: [message] };
    return json(
      { result: submission.reply({ fieldErrors, formErrors: [failed] }), images },
      { status: 400 },
    );
  }
  return redirectWithToast(request, "/admin/products", {
    title: product ? PRODUCT_MESSAGES.updated : PRODUCT_MESSAGES.created,
    description: submission.value.name,
  });
}

export default function AdminProductRoute() {
  const { product, defaults, brands } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="max-w-4xl space-y-6">
      <div>
        <Link to="/admin/products" className="text-fg-muted text-sm underline">
          ← Productos
        </Link>
        <h1 className="mt-2 text-2xl font-semibold">
          {product ? `Editar ${product.name}` : "Nuevo producto"}
        </h1>
      </div>
      <ProductForm
        key={product?.id ?? "new"}
        mode={product ? "edit" : "create"}
        defaults={defaults}
        brands={brands}
        lastResult={actionData?.result}
        images={actionData?.images ?? defaults.images}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
