import crypto from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { json } from "@remix-run/node";
import { getAdminUser } from "~/models/customers/admin.server";
import {
  placeShopOrder,
  quoteShopOrder,
  readShopOrderLines,
  type ShopOrderInput,
} from "~/models/orders/shop-orders.server";
import {
  EMPTY_SHOP_ORDER_DRAFT,
  SHOP_ORDER_LIMITS,
  shopOrderRefusalMessage,
  type ShopOrderDraft,
} from "~/models/orders/shop-orders";
import { getSession, type AppSession } from "~/web/session.server";
import { redirectWithToast } from "~/web/toast.server";
import {
  AddLineSchema,
  NewCustomerSchema,
  PickCustomerSchema,
  RemoveLineSchema,
  ShopOrderSchema,
  type ShopOrderFields,
} from "./forms.server";

/*
 * The steps' posts (decision 167). Steps 1 and 2 change the draft kept in the administrator's
 * session and redirect to the next page (post/redirect/get); step 3 prices or places the order.
 */

export const NEW_ORDER_PATH = "/admin/orders/new";

type Context = { request: Request; adminId: number; formData: FormData };

export async function readDraft(request: Request) {
  const session = await getSession(request);
  return { session, draft: session.get("shopOrderDraft") ?? EMPTY_SHOP_ORDER_DRAFT };
}

function saveAndGo(request: Request, session: AppSession, draft: ShopOrderDraft, step: string) {
  session.set("shopOrderDraft", { ...draft, key: draft.key ?? crypto.randomUUID() });
  // Back to the products' search the line was added from, to add the next one.
  const q = new URL(request.url).searchParams.get("q")?.slice(0, 100);
  const search = new URLSearchParams(
    step === "productos" && q ? { paso: step, q } : { paso: step },
  );
  return redirectWithToast(request, `${NEW_ORDER_PATH}?${search}`, null, { session });
}

const refused = (message: string) => json({ kind: "refused" as const, message }, { status: 400 });

export async function pickCustomer({ request, formData }: Context) {
  const submission = parseWithZod(formData, { schema: PickCustomerSchema });
  if (submission.status !== "success") return refused("Elige un cliente de la lista.");
  const user = await getAdminUser(submission.value.userId);
  if (!user) return refused(shopOrderRefusalMessage({ error: "customer" }));
  if (user.isBlocked) return refused(shopOrderRefusalMessage({ error: "blocked" }));
  const { session, draft } = await readDraft(request);
  const name = `${user.firstName} ${user.lastName}`;
  const customer = { userId: user.id, name, email: user.email, phone: user.phone };
  return saveAndGo(request, session, { ...draft, customer }, "productos");
}

export async function newCustomer({ request, formData }: Context) {
  const submission = parseWithZod(formData, { schema: NewCustomerSchema });
  if (submission.status !== "success") {
    return json({ kind: "customer" as const, result: submission.reply() }, { status: 400 });
  }
  const { firstName, lastName, phone, email } = submission.value;
  const { session, draft } = await readDraft(request);
  const customer = { firstName, lastName, phone, email: email ?? null };
  return saveAndGo(request, session, { ...draft, customer }, "productos");
}

export async function addLine({ request, formData }: Context) {
  const submission = parseWithZod(formData, { schema: AddLineSchema });
  if (submission.status !== "success") {
    return refused(shopOrderRefusalMessage({ error: "quantity" }));
  }
  const { productId, size, quantity } = submission.value;
  const { session, draft } = await readDraft(request);
  const lines = draft.lines.map((line) => ({ ...line }));
  const same = lines.find((line) => line.productId === productId && line.size === size);
  if (same) same.quantity += quantity;
  else lines.push({ productId, size, quantity });
  if (lines.length > SHOP_ORDER_LIMITS.lines) {
    return refused(shopOrderRefusalMessage({ error: "too_many_lines" }));
  }
  if (same && same.quantity > SHOP_ORDER_LIMITS.quantity) {
    return refused(shopOrderRefusalMessage({ error: "quantity" }));
  }
  // Live stock: the product as it is now, every size of it counted against its one stock (D18).
  const read = await readShopOrderLines(lines);
  const added = read.find((line) => line.productId === productId && line.size === size);
  if (!added?.available) {
    return refused(
      shopOrderRefusalMessage({ error: "unavailable", product: added?.name ?? "", size }),
    );
  }
  const units = read
    .filter((line) => line.productId === productId)
    .reduce((sum, line) => sum + line.quantity, 0);
  if (units > added.stock) {
    const refusal = { product: added.name, stock: added.stock, quantity: units };
    return refused(shopOrderRefusalMessage({ error: "insufficient_stock", ...refusal }));
  }
  return saveAndGo(request, session, { ...draft, lines }, "productos");
}

export async function removeLine({ request, formData }: Context) {
  const submission = parseWithZod(formData, { schema: RemoveLineSchema });
  const { session, draft } = await readDraft(request);
  const index = submission.status === "success" ? submission.value.index : -1;
  const lines = draft.lines.filter((_, at) => at !== index);
  return saveAndGo(request, session, { ...draft, lines }, "productos");
}

/** The draft and step 3's fields as the model reads them; null without a customer. */
export function shopOrderInput(
  adminId: number,
  draft: ShopOrderDraft,
  fields: Omit<ShopOrderFields, "intent">,
): ShopOrderInput | null {
  const { customer } = draft;
  if (!customer) return null;
  return {
    adminId,
    customer: "userId" in customer ? { userId: customer.userId } : customer,
    lines: draft.lines,
    draftKey: draft.key ?? null,
    ...fields,
  };
}

export async function quoteOrPlace({ request, adminId, formData }: Context) {
  const submission = parseWithZod(formData, { schema: ShopOrderSchema });
  if (submission.status !== "success") {
    return json(
      { kind: "order" as const, result: submission.reply(), quote: null },
      { status: 400 },
    );
  }
  const { intent, ...fields } = submission.value;
  const { session, draft } = await readDraft(request);
  const input = shopOrderInput(adminId, draft, fields);
  if (!input) return refused(shopOrderRefusalMessage({ error: "customer" }));
  if (intent === "quote") {
    const quoted = await quoteShopOrder(input);
    const result = quoted.ok
      ? submission.reply()
      : submission.reply({ formErrors: [shopOrderRefusalMessage(quoted.refusal)] });
    return json({ kind: "order" as const, result, quote: quoted.ok ? quoted.quote : null });
  }
  const placed = await placeShopOrder(input);
  if (!placed.ok) {
    const result = submission.reply({ formErrors: [shopOrderRefusalMessage(placed.refusal)] });
    return json({ kind: "order" as const, result, quote: null }, { status: 400 });
  }
  session.unset("shopOrderDraft");
  return redirectWithToast(
    request,
    `/admin/orders/${placed.orderId}`,
    { title: "Pedido creado", description: `Pedido ${placed.orderNumber} registrado.` },
    { session },
  );
}

export async function discard({ request }: Context) {
  const { session } = await readDraft(request);
  session.unset("shopOrderDraft");
  return redirectWithToast(request, "/admin/orders", null, { session });
}
