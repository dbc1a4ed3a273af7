import { json, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test } from "vitest";
import { CartLineItem } from "~/components/cart-line-item";
import type { CartLine } from "~/models/cart/cart";
import { formatMoney } from "~/utils/money";

/*
 * The fixtures and the shape of the /cart action's answers live here, at the top, so a change to
 * the cart action (error codes mapped by the route) is adapted in one place.
 */

/** 100 ml and 50 ml of one product share its stock of 5: the 100 ml line can hold 5 - 1 = 4. */
const LINE: CartLine = {
  id: 11,
  productId: 7,
  name: "Bleu de Chanel",
  slug: "bleu-de-chanel",
  brandName: "Chanel",
  imageKey: null,
  size: "100 ml",
  quantity: 2,
  unitPrice: 450_000,
  lineTotal: 900_000,
  stock: 5,
  available: true,
};
const OTHER_SIZE: CartLine = { ...LINE, id: 12, size: "50 ml", quantity: 1, unitPrice: 300_000 };
const LINE_MAXIMUM = 4;
const LABEL = "Bleu de Chanel (100 ml)";

/** What the /cart action answers when it refuses a line's change (storefront §8). */
function refusal(lineId: number, title: string, message: string) {
  return json({ error: { title, message, lineId } }, { status: 400 });
}

/** The /cart action on success: back to the page the form came from. */
async function accepted(form: FormData) {
  return redirect(String(form.get("redirectTo") ?? "/cart"));
}

type Answer = (form: FormData) => Promise<Response>;

function renderLine({
  line = LINE,
  lines = [LINE, OTHER_SIZE],
  compact = false,
  serverError,
  answer = accepted,
}: {
  line?: CartLine;
  lines?: CartLine[];
  compact?: boolean;
  serverError?: { title: string; message: string; quantity?: string };
  answer?: Answer;
} = {}) {
  const posts: Record<string, FormDataEntryValue>[] = [];
  const Stub = createRemixStub([
    {
      path: "/cart",
      Component: () => (
        <ul>
          <CartLineItem
            line={line}
            lines={lines}
            redirectTo="/cart"
            compact={compact}
            serverError={serverError}
          />
        </ul>
      ),
      action: async ({ request }: ActionFunctionArgs) => {
        const form = await request.formData();
        posts.push(Object.fromEntries(form));
        return answer(form);
      },
    },
  ]);
  render(<Stub initialEntries={["/cart"]} />);
  const item = screen.getByRole("listitem", { name: LABEL });
  return { posts, item, user: userEvent.setup() };
}

const minus = () => screen.getByRole("button", { name: `Disminuir cantidad de ${LABEL}` });
const plus = () => screen.getByRole("button", { name: `Aumentar cantidad de ${LABEL}` });
const quantityBox = () => screen.getByRole("spinbutton", { name: `Cantidad de ${LABEL}` });
/** An amount as the testing library reads it (it turns the no-break space into a space). */
const shown = (centavos: number) => formatMoney(centavos).replace(/\s/gu, " ");

/** A promise the test resolves when it has looked at the pending state. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe("CartLineItem quantity controls", () => {
  test("− and + post the quantity they lead to, for this line", async () => {
    const { posts, user } = renderLine();

    await user.click(minus());
    await waitFor(() => expect(posts).toHaveLength(1));
    await user.click(plus());
    await waitFor(() => expect(posts).toHaveLength(2));

    expect(posts).toEqual([
      { intent: "update", lineId: "11", quantity: "1", redirectTo: "/cart" },
      { intent: "update", lineId: "11", quantity: "3", redirectTo: "/cart" },
    ]);
  });

  test("the typed quantity is posted with Actualizar", async () => {
    const { posts, user } = renderLine();

    expect(quantityBox()).toHaveProperty("value", "2");
    await user.clear(quantityBox());
    await user.type(quantityBox(), "4");
    await user.click(screen.getByRole("button", { name: "Actualizar" }));

    await waitFor(() =>
      expect(posts).toEqual([
        { intent: "update", lineId: "11", quantity: "4", redirectTo: "/cart" },
      ]),
    );
  });

  test("Eliminar posts a remove for this line", async () => {
    const { posts, user } = renderLine();

    await user.click(screen.getByRole("button", { name: `Eliminar ${LABEL}` }));

    await waitFor(() =>
      expect(posts).toEqual([{ intent: "remove", lineId: "11", redirectTo: "/cart" }]),
    );
  });

  test("+ is disabled at the stock less the product's units in the other lines", async () => {
    renderLine({ line: { ...LINE, quantity: LINE_MAXIMUM } });

    // aria-disabled, not disabled: a disabled button would drop the focus left on it.
    await waitFor(() => expect(plus().getAttribute("aria-disabled")).toBe("true"));
    expect(minus()).toHaveProperty("disabled", false);
    expect(screen.getByText(`Stock máximo: ${LINE.stock} unidades`)).toBeTruthy();
  });

  test("+ stays enabled below the maximum, and the other line's units count only once", async () => {
    // Alone in the cart the same line may reach the whole stock.
    renderLine({ line: { ...LINE, quantity: LINE_MAXIMUM }, lines: [LINE] });

    expect(plus()).toHaveProperty("disabled", false);
    expect(plus().getAttribute("aria-disabled")).toBeNull();
    expect(screen.queryByText(/Stock máximo/)).toBeNull();
  });

  test("the server's refusal for the line is shown beside it, and goes once a change succeeds", async () => {
    let answer: Answer = async () =>
      refusal(LINE.id, "Stock insuficiente", "Solo hay 4 unidades disponibles");
    const { item, user } = renderLine({ answer: (form) => answer(form) });

    await user.click(plus());

    const alert = await within(item).findByRole("alert");
    expect(alert.textContent).toContain("Stock insuficiente");
    expect(alert.textContent).toContain("Solo hay 4 unidades disponibles");

    answer = accepted;
    await user.click(minus());
    await waitFor(() => expect(within(item).queryByRole("alert")).toBeNull());
  });

  test("a second refusal replaces the first", async () => {
    const answers = [
      refusal(LINE.id, "Stock insuficiente", "Solo hay 4 unidades disponibles"),
      refusal(LINE.id, "Error", "No se pudo actualizar la cantidad"),
    ];
    const { item, user } = renderLine({ answer: async () => answers.shift()! });

    await user.click(plus());
    expect((await within(item).findByRole("alert")).textContent).toContain("Stock insuficiente");
    await user.click(minus());
    await waitFor(() =>
      expect(within(item).getByRole("alert").textContent).toContain(
        "No se pudo actualizar la cantidad",
      ),
    );
  });

  test("while the change is on its way the line shows it and + waits, keeping the focus", async () => {
    const { open, opened } = gate();
    const { posts, item, user } = renderLine({
      answer: async (form) => {
        await opened;
        return accepted(form);
      },
    });

    await user.click(plus());

    await waitFor(() => expect(posts).toHaveLength(1));
    // The line's total already follows the quantity asked for (3 × L 4,500.00).
    expect(within(item).getByText(shown(3 * LINE.unitPrice))).toBeTruthy();
    expect(plus().getAttribute("aria-disabled")).toBe("true");
    expect(document.activeElement).toBe(plus());

    open();
    await waitFor(() => expect(plus().getAttribute("aria-disabled")).toBeNull());
    expect(within(item).getByText(shown(2 * LINE.unitPrice))).toBeTruthy();
    expect(document.activeElement).toBe(plus());
  });

  test("the drawer shows − and + around the quantity, without the typed box", async () => {
    const { posts, user } = renderLine({ compact: true });

    expect(screen.getByLabelText("Cantidad: 2")).toBeTruthy();
    expect(screen.queryByRole("spinbutton")).toBeNull();

    await user.click(plus());
    await waitFor(() =>
      expect(posts).toEqual([
        { intent: "update", lineId: "11", quantity: "3", redirectTo: "/cart" },
      ]),
    );
  });

  test("a line that can no longer be bought has no quantity controls, only Eliminar", () => {
    renderLine({ line: { ...LINE, available: false } });

    expect(screen.getByText("No disponible: este producto ya no se puede comprar.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /cantidad/ })).toBeNull();
    expect(screen.getByRole("button", { name: `Eliminar ${LABEL}` })).toBeTruthy();
  });

  test("without JS the page passes the refusal in, and the box keeps what was typed", () => {
    const { item } = renderLine({
      serverError: {
        title: "Stock insuficiente",
        message: "Solo hay 4 unidades disponibles",
        quantity: "9",
      },
    });

    expect(within(item).getByRole("alert").textContent).toContain(
      "Solo hay 4 unidades disponibles",
    );
    expect(quantityBox()).toHaveProperty("value", "9");
  });
});
