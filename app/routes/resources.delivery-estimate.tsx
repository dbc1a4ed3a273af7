import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getProductBySlug } from "~/models/catalog/products.server";
import {
  DEPARTMENT_PARAM,
  deliveryEstimate,
  isDepartment,
} from "~/models/checkout/delivery-estimate";
import { getSettings } from "~/models/settings/settings.server";
import { invariantResponse } from "~/utils/invariant";

/**
 * GET ?producto=<slug>&departamento=<name> → the product page's delivery estimate (decision
 * 099). An enhancement only: without JS the page's form reloads the product page with
 * ?departamento=, whose loader computes the same estimate.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const department = params.get(DEPARTMENT_PARAM);
  invariantResponse(isDepartment(department), "Selecciona uno de los 18 departamentos", {
    status: 400,
  });
  const product = await getProductBySlug(params.get("producto") ?? "");
  invariantResponse(product, "Producto no encontrado", { status: 404 });
  const estimate = deliveryEstimate({
    department,
    subtotal: product.price,
    settings: await getSettings(),
  });
  return json({ estimate }, { headers: { "Cache-Control": "private, max-age=60" } });
}
