import { Form, Link } from "@remix-run/react";
import { Button, buttonClasses } from "~/components/ui/button";
import { Field } from "~/components/ui/input";
import { SHOP_ORDER_LIMITS } from "~/models/orders/shop-orders";
import { formatMoney } from "~/utils/money";
import type { NewOrderData } from "./route";

const selectClass =
  "border-border-strong bg-surface text-fg block h-11 rounded-md border px-2 text-base";

/** Step 2: the catalogue searched with its stock now, and the order's lines so far. */
export function ProductsStep({ data }: { data: NewOrderData }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <section className="border-border bg-surface min-w-0 space-y-3 rounded-xl border p-5">
        <h2 className="font-semibold">Agregar productos</h2>
        <Form method="get" className="flex gap-2">
          <input type="hidden" name="paso" value="productos" />
          <Field
            label="Buscar producto o marca"
            id="product-search"
            name="q"
            type="search"
            defaultValue={data.q}
            className="flex-1"
          />
          <Button type="submit" variant="secondary" className="self-end">
            Buscar
          </Button>
        </Form>
        {data.q && data.products.length === 0 ? (
          <p className="text-fg-muted text-sm">No se encontraron productos activos.</p>
        ) : null}
        <ul className="divide-border divide-y">
          {data.products.map((product) => (
            <li key={product.id} className="py-3">
              <div className="text-sm">
                <span className="font-medium">{product.name}</span>{" "}
                <span className="text-fg-muted">{product.brandName}</span>
                <span className="text-fg-muted block">
                  {product.stock > 0 ? `Stock: ${product.stock}` : "Agotado"}
                </span>
              </div>
              {product.stock > 0 ? (
                <Form
                  method="post"
                  action={`?paso=productos&q=${encodeURIComponent(data.q)}`}
                  className="mt-2 flex flex-wrap items-end gap-2"
                >
                  <input type="hidden" name="productId" value={product.id} />
                  <label className="text-sm">
                    Tamaño
                    <select
                      name="size"
                      defaultValue={product.mainSize}
                      className={selectClass}
                      aria-label={`Tamaño de ${product.name}`}
                    >
                      {product.sizes.map((option) => (
                        <option key={option.size} value={option.size}>
                          {`${option.size} · ${formatMoney(option.price)}`}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label className="text-sm">
                    Cantidad
                    <input
                      name="quantity"
                      type="number"
                      min={1}
                      max={Math.min(product.stock, SHOP_ORDER_LIMITS.quantity)}
                      defaultValue={1}
                      aria-label={`Cantidad de ${product.name}`}
                      className={`${selectClass} w-20`}
                    />
                  </label>
                  <Button
                    type="submit"
                    name="intent"
                    value="add-line"
                    size="sm"
                    aria-label={`Agregar ${product.name}`}
                  >
                    Agregar
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      <OrderLines data={data} />
    </div>
  );
}

function OrderLines({ data }: { data: NewOrderData }) {
  return (
    <section className="border-border bg-surface space-y-3 self-start rounded-xl border p-5">
      <h2 className="font-semibold">Productos del pedido</h2>
      {data.lines.length === 0 ? (
        <p className="text-fg-muted text-sm">Todavía no hay productos.</p>
      ) : (
        <ul className="divide-border divide-y text-sm">
          {data.lines.map((line, index) => (
            <li key={index} className="flex items-start justify-between gap-2 py-2">
              <div>
                <div>{`${line.quantity} × ${line.name} (${line.size})`}</div>
                <div className="text-fg-muted">
                  {line.available
                    ? `${formatMoney(line.unitPrice)} c/u · stock ${line.stock}`
                    : "No disponible"}
                </div>
              </div>
              <Form method="post">
                <input type="hidden" name="index" value={index} />
                <Button
                  type="submit"
                  name="intent"
                  value="remove-line"
                  variant="ghost"
                  size="sm"
                  aria-label={`Quitar ${line.name} (${line.size})`}
                >
                  Quitar
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      {data.lines.length > 0 ? (
        <Link to="?paso=envio" className={buttonClasses("primary")}>
          Continuar a envío y pago
        </Link>
      ) : null}
    </section>
  );
}
