import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Button } from "~/components/ui/button";
import { listAdminUsers } from "~/models/customers/admin.server";
import {
  quoteShopOrder,
  readShopOrderLines,
  searchShopProducts,
} from "~/models/orders/shop-orders.server";
import {
  SHOP_ORDER_LIMITS,
  SHOP_ORDER_STEPS,
  shopOrderRefusalMessage,
  shopOrderStep,
} from "~/models/orders/shop-orders";
import { DEPARTMENTS } from "~/utils/departments";
import { guardAction } from "~/web/guard-action.server";
import { requireAdmin } from "~/web/auth.server";
import { invariantResponse } from "~/utils/invariant";
import {
  addLine,
  discard,
  newCustomer,
  pickCustomer,
  quoteOrPlace,
  readDraft,
  removeLine,
  shopOrderInput,
} from "./actions.server";
import { CustomerStep } from "./customer-step";
import { ProductsStep } from "./products-step";
import { ShippingStep } from "./shipping-step";

/*
 * 'Nuevo pedido' (issue 41, decision 167): an administrator takes an order for a customer in
 * three pages that work without JavaScript: who (an account or a new customer), what (the
 * catalogue with its stock now), and how it goes and is paid, priced on the server.
 */

const DENIED = "No tienes permisos para acceder a esta sección.";

export const meta: MetaFunction = () => [{ title: "Nuevo pedido | Panel Administrativo" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, DENIED);
  const url = new URL(request.url);
  const step = shopOrderStep(url.searchParams.get("paso"));
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const { draft } = await readDraft(request);
  const lines = await readShopOrderLines(draft.lines);
  const customers =
    step === "cliente" && q
      ? (
          await listAdminUsers({ search: q, pageSize: SHOP_ORDER_LIMITS.results, page: 1 })
        ).users.map(({ id, firstName, lastName, email, phone, isBlocked }) => ({
          id,
          name: `${firstName} ${lastName}`,
          email,
          phone,
          isBlocked,
        }))
      : [];
  const products = step === "productos" && q ? await searchShopProducts(q) : [];
  // Step 3 opens priced for a transfer by standard shipping; 'Actualizar resumen' prices the rest.
  const input =
    step === "envio"
      ? shopOrderInput(admin.id, draft, {
          shippingMethod: "standard",
          paymentMethod: "bank_transfer",
          couponCode: null,
          paymentNote: null,
        })
      : null;
  const quoted = input && input.lines.length > 0 ? await quoteShopOrder(input) : null;
  return json({
    step,
    q,
    customer: draft.customer,
    lines,
    customers,
    products,
    departments: DEPARTMENTS,
    quote: quoted?.ok ? quoted.quote : null,
    quoteRefusal: quoted && !quoted.ok ? shopOrderRefusalMessage(quoted.refusal) : null,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  await guardAction(request);
  const admin = await requireAdmin(request, DENIED);
  const formData = await request.formData();
  const context = { request, adminId: admin.id, formData };
  switch (formData.get("intent")) {
    case "pick-customer":
      return pickCustomer(context);
    case "new-customer":
      return newCustomer(context);
    case "add-line":
      return addLine(context);
    case "remove-line":
      return removeLine(context);
    case "quote":
    case "place":
      return quoteOrPlace(context);
    case "discard":
      return discard(context);
  }
  invariantResponse(false, "Solicitud inválida", { status: 400 });
}

export type NewOrderData = ReturnType<typeof useLoaderData<typeof loader>>;
export type NewOrderAnswer = ReturnType<typeof useActionData<typeof action>>;

export default function NewShopOrderRoute() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const refusal = answer && "message" in answer ? answer.message : null;
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <Link to="/admin/orders" className="text-accent text-sm underline">
            ← Pedidos
          </Link>
          <h1 className="mt-1 text-2xl font-semibold">Nuevo pedido</h1>
        </div>
        <Form method="post">
          <Button type="submit" name="intent" value="discard" variant="ghost" size="sm">
            Descartar pedido
          </Button>
        </Form>
      </div>
      <nav aria-label="Pasos del pedido">
        <ol className="flex flex-wrap gap-2 text-sm">
          {SHOP_ORDER_STEPS.map((step) => (
            <li key={step.key}>
              <Link
                to={`?paso=${step.key}`}
                aria-current={step.key === data.step ? "step" : undefined}
                className="border-border aria-[current=step]:bg-accent aria-[current=step]:text-accent-fg rounded-full border px-3 py-1"
              >
                {step.label}
              </Link>
            </li>
          ))}
        </ol>
      </nav>
      <CustomerSummary customer={data.customer} />
      {refusal ? (
        <p role="alert" className="border-danger text-danger rounded-md border p-3 text-sm">
          {refusal}
        </p>
      ) : null}
      {data.step === "cliente" ? (
        <CustomerStep data={data} answer={answer} />
      ) : data.step === "productos" ? (
        <ProductsStep data={data} />
      ) : (
        <ShippingStep data={data} answer={answer} />
      )}
    </div>
  );
}

function CustomerSummary({ customer }: { customer: NewOrderData["customer"] }) {
  if (!customer) return null;
  const text =
    "userId" in customer
      ? `${customer.name} · ${customer.email}${customer.phone ? ` · ${customer.phone}` : ""}`
      : `${customer.firstName} ${customer.lastName} · ${customer.phone}${customer.email ? ` · ${customer.email}` : ""} (cliente nuevo, sin cuenta)`;
  return (
    <p className="text-sm">
      <span className="text-fg-muted">Cliente:</span> {text}
    </p>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
