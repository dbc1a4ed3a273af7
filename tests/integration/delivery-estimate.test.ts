import { describe, expect, it } from "vitest";
import { priceCart } from "~/models/checkout/pricing";
import { getSettings } from "~/models/settings/settings.server";
import { loader as productLoader } from "~/routes/_store.product.$slug/route";
import { loader as estimateLoader } from "~/routes/resources.delivery-estimate";
import { db } from "~/utils/db.server";
import { createProduct } from "../../seed/factories/catalog";
import { get, settle } from "../setup/route-helpers";

/*
 * Decision 099: the product page's delivery estimate is the checkout's own shipping price of
 * this perfume alone, for the department chosen, without JS (the page's ?departamento=) and
 * with it (the resource route) alike.
 */

const productPage = (slug: string, search: string) =>
  settle(() =>
    productLoader({ request: get(`/product/${slug}${search}`), params: { slug }, context: {} }),
  );
const estimate = (search: string) =>
  settle(() =>
    estimateLoader({
      request: get(`/resources/delivery-estimate${search}`),
      params: {},
      context: {},
    }),
  );

/** What the checkout charges for shipping a cart of one unit of `price`. */
async function checkoutShipping(price: number) {
  const { byMethod } = priceCart({
    lines: [{ unitPrice: price, quantity: 1, available: true }],
    couponDiscount: 0,
    settings: await getSettings(),
  });
  return {
    standard: byMethod.standard.shippingCost,
    express: byMethod.express.shippingCost,
    pickup: byMethod.pickup.shippingCost,
  };
}

describe("the delivery estimate (decision 099)", () => {
  it("prices shipping as the checkout does, below and above the free-shipping threshold", async () => {
    const settings = await getSettings();
    for (const price of [
      settings.free_shipping_threshold - 100,
      settings.express_free_shipping_threshold,
    ]) {
      const product = await createProduct(db, { price });
      const response = await productPage(product.slug, "?departamento=Olancho");
      expect(response.status).toBe(200);
      const { delivery } = await response.json();
      const expected = await checkoutShipping(price);
      expect(delivery.department).toBe("Olancho");
      expect(
        Object.fromEntries(
          delivery.options.map((o: { method: string; cost: number }) => [o.method, o.cost]),
        ),
      ).toEqual(expected);
      expect(delivery.options.map((o: { days: string }) => o.days)).toEqual([
        "3-5 días hábiles",
        "1-2 días hábiles",
        "En nuestra tienda, sin costo",
      ]);

      const fetched = await estimate(`?producto=${product.slug}&departamento=Olancho`);
      expect(fetched.status).toBe(200);
      expect((await fetched.json()).estimate).toEqual(delivery);
    }
  });

  it("answers each department with its zone's days and dates (decision 158)", async () => {
    const product = await createProduct(db);
    const daysOf = async (department: string) => {
      const { delivery } = await (
        await productPage(product.slug, `?departamento=${encodeURIComponent(department)}`)
      ).json();
      return delivery.options.map((o: { days: string; window: unknown }) => [
        o.days,
        o.window !== null,
      ]);
    };
    expect(await daysOf("Cortés")).toEqual([
      ["1-2 días hábiles", true],
      ["1 día hábil", true],
      ["En nuestra tienda, sin costo", false],
    ]);
    expect(await daysOf("Gracias a Dios")).toEqual([
      ["5-8 días hábiles", true],
      ["3-4 días hábiles", true],
      ["En nuestra tienda, sin costo", false],
    ]);
  });

  it("shows nothing for a department that is not one of the 18, and the route refuses it", async () => {
    const product = await createProduct(db);
    const { delivery } = await (await productPage(product.slug, "?departamento=Texas")).json();
    expect(delivery).toBeNull();
    const refused = await estimate(`?producto=${product.slug}&departamento=Texas`);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: "Selecciona uno de los 18 departamentos" });
    const unknown = await estimate("?producto=no-existe&departamento=Valle");
    expect(unknown.status).toBe(404);
  });
});
