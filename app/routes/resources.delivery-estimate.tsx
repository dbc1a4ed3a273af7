import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getProductBySlug } from "~/models/catalog/products.server";
import { deliveryEstimate } from "~/models/checkout/delivery-estimate";
import { isDepartment } from "~/utils/departments";
import { DEPARTMENT_PARAM } from "~/utils/departments";
import { getSettings } from "~/models/settings/settings.server";
import { isBlockedByMaintenance, RETRY_AFTER_SECONDS } from "~/web/maintenance.server";
import { invariantResponse } from "~/utils/invariant";

/**
 * GET ?producto=<slug>&departamento=<name> → the product page's delivery estimate (decision
 * 099). An enhancement only: without JS the page's form reloads the product page with
 * ?departamento=, whose loader computes the same estimate.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  // Closed like the store in maintenance mode (a fetcher's load is sent back to its page by
  // entry.server's handleDataRequest; this answers a direct request).
  if (await isBlockedByMaintenance(request)) {
    return json(
      { estimate: null },
      { status: 503, headers: { "Retry-After": String(RETRY_AFTER_SECONDS) } },
    );
  }
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
