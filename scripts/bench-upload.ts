/**
 * `npm run bench:upload`: a shopper's purchase on a weak signal (issue 21, decision 094).
 * Starts the built server on a temporary demo store (bench-lib) and drives Chromium at 360 px
 * with the network held by CDP (`Network.emulateNetworkConditions`: 400 kbit/s each way, 400 ms
 * latency) and the CPU 4× slower (`Emulation.setCPUThrottlingRate`): the product page, 'Agregar
 * al carrito', /checkout, the fields, the receipt (a 4000×3000 phone photo of about 1.4 MB,
 * scripts/photo-fixture.ts), 'Confirmar Pedido', the confirmation. Prints the receipt's time
 * (from choosing the file to 'Comprobante cargado', the shrink included) with the bytes that
 * went up, and the whole purchase's time.
 *
 * `--pay-later` also runs the demo customer's purchase with 'Transferiré después' (no receipt with
 * the order) and then the late receipt from /order-success, shrunk on the phone (issue 39): its
 * receipt time runs from choosing the file to the order's page saying 'Pedido recibido: pago en
 * revisión', 'Enviar comprobante' included, and the whole purchase ends there.
 *
 * `--before` also runs the `no-js` path (the file goes as chosen with the order's post; its
 * receipt time is that post's). The `no-shrink` path (the shrinker blocked, the photo sent
 * whole: the upload before decision 094) went when the upload itself moved into the chunk the
 * shrinker is in (decision 159): blocking it now blocks the upload. BENCH_RUNS=<n> (default 1)
 * runs each path n times and prints the median. The size sent is the upload's Content-Length
 * (the multipart body: the photo and a few hundred bytes of parts).
 *
 * 2026-11-26 (2-core machine): shrunk 7.3 s receipt (2.7 s of it shrinking, 201 KB sent) /
 * 21.1 s purchase, median of 3; no-shrink 38.6 s / 57.0 s; no-js 33.4 s / 44.7 s (decision 094).
 */
import { chromium, type Page } from "@playwright/test";
import { phonePhoto } from "./photo-fixture";
import { DEMO_CUSTOMER as DEMO_LOGIN } from "../seed/data/people";
import { benchPort, kb, startServer, tempDataDir } from "./bench-lib";

const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const runs = Number(process.env.BENCH_RUNS ?? 1);
const withBefore = process.argv.includes("--before");
const withPayLater = process.argv.includes("--pay-later");

type Path = "shrunk" | "no-js" | "pay-later";
type Result = {
  receiptMs: number;
  shrinkMs: number | null;
  receiptBytes: number | null;
  purchaseMs: number;
};

const KBIT = 1000 / 8;

async function throttle(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 400,
    downloadThroughput: 400 * KBIT,
    uploadThroughput: 400 * KBIT,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}

async function firstProductPath(base: string) {
  const catalog = await (await fetch(`${base}/catalog`)).text();
  const slug = catalog.match(/href="\/product\/([^"?#]+)"/)?.[1];
  if (!slug) throw new Error("the catalogue links no product");
  return `/product/${slug}`;
}

async function purchase(base: string, productPath: string, path: Path, photo: Buffer) {
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic"],
  });
  try {
    const context = await browser.newContext({
      baseURL: base,
      viewport: { width: 360, height: 740 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      javaScriptEnabled: path !== "no-js",
    });
    const page = await context.newPage();
    page.setDefaultTimeout(180_000);
    await throttle(page);
    let receiptBytes: number | null = null;
    const sizes: Promise<void>[] = [];
    page.on("requestfinished", (request) => {
      if (!request.url().includes("/resources/checkout-proof")) return;
      // The body as it went up, by its length (a Blob's bytes are not exposed).
      sizes.push(
        request.allHeaders().then((headers) => {
          receiptBytes = Number(headers["content-length"]) || null;
        }),
      );
    });

    if (path === "pay-later") {
      // A customer signed in before (not timed): only an account with a verified e-mail may
      // pay later (decision 128).
      await page.goto("/login");
      await page.getByLabel("Correo electrónico", { exact: true }).fill(DEMO_LOGIN.email);
      await page.getByLabel("Contraseña", { exact: true }).fill(DEMO_LOGIN.password);
      await page.getByRole("button", { name: "Iniciar Sesión", exact: true }).click();
      await page.waitForURL((url) => url.pathname !== "/login");
    }

    const start = performance.now();
    await page.goto(productPath);
    await page.getByRole("button", { name: "Agregar al carrito" }).click();
    await page.getByText("Agregado al carrito").first().waitFor();
    await page.goto("/checkout");
    await page.getByLabel("Nombre", { exact: true }).fill("Ana");
    await page.getByLabel("Apellido", { exact: true }).fill("López");
    await page.getByLabel("Correo electrónico").fill(`bench-${Date.now()}@example.com`);
    await page.getByLabel("Dirección", { exact: true }).fill("Colonia Palmira, calle 5, casa 12");
    await page.getByLabel("Punto de referencia").fill("Frente al parque");
    await page.getByLabel("Ciudad").fill("San Pedro Sula");
    await page.getByLabel("Departamento").selectOption("Cortés");

    const file = { name: "IMG_2041.jpeg", mimeType: "image/jpeg", buffer: photo };
    if (path === "pay-later") {
      // A choice made while the page hydrates can be undone by it on this CPU: after it.
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await page.getByLabel(/^Transferiré después/).check();
      await page
        .getByRole("button", { name: /^Confirmar Pedido/ })
        .first()
        .click();
      await page.waitForURL(/\/order-success\?order=/);
      // The late receipt, as a shopper sends it once the transfer is done.
      const picker = page.waitForEvent("filechooser");
      await page.getByText("Comprobante de pago (imagen, máximo 5MB)").tap();
      const chooser = await picker;
      const chosen = performance.now();
      await chooser.setFiles(file);
      await page.getByText(/^Subiendo el comprobante/).waitFor();
      const shrinkMs = performance.now() - chosen;
      await page.getByText("Comprobante cargado").waitFor();
      await Promise.all(sizes);
      await page.getByRole("button", { name: "Enviar comprobante" }).click();
      // The order's page in its new state: the receipt is in review.
      await page.getByRole("heading", { name: "Pedido recibido: pago en revisión" }).waitFor();
      const receiptMs = performance.now() - chosen;
      return { receiptMs, shrinkMs, receiptBytes, purchaseMs: performance.now() - start };
    }
    let chosen: number;
    if (path === "no-js") {
      chosen = performance.now();
      await page.locator("#proofFile").setInputFiles(file);
    } else {
      // As a shopper does it: a tap on the label opens the phone's picker.
      const picker = page.waitForEvent("filechooser");
      await page.getByText("Comprobante de pago (imagen, máximo 5MB)").tap();
      const chooser = await picker;
      chosen = performance.now();
      await chooser.setFiles(file);
    }
    let receiptMs: number;
    let shrinkMs: number | null = null;
    const confirm = page.getByRole("button", { name: /^Confirmar Pedido/ }).first();
    if (path === "no-js") {
      const posted = performance.now();
      receiptBytes = photo.length;
      await confirm.click();
      await page.waitForURL(/\/order-success\?order=/);
      receiptMs = performance.now() - posted;
    } else {
      await page.getByText(/^Subiendo el comprobante/).waitFor();
      shrinkMs = performance.now() - chosen;
      await page.getByText("Comprobante cargado").waitFor();
      receiptMs = performance.now() - chosen;
      await Promise.all(sizes);
      await confirm.click();
      await page.waitForURL(/\/order-success\?order=/);
    }
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    return { receiptMs, shrinkMs, receiptBytes, purchaseMs: performance.now() - start };
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  const photo = await phonePhoto();
  const dataDir = tempDataDir();
  const server = await startServer(dataDir, await benchPort());
  try {
    const productPath = await firstProductPath(server.base);
    console.log(
      `bench:upload: Chromium at 360 px, 400 kbit/s each way, 400 ms latency, CPU 4× slower;` +
        ` the receipt is a 4000×3000 photo of ${kb(photo.length)}; median of ${runs} run(s)`,
    );
    console.log(
      "path | receipt sent | shrink (choose → upload starts) | receipt (choose → on the server) | whole purchase",
    );
    const paths: Path[] = [
      "shrunk",
      ...(withPayLater ? (["pay-later"] as const) : []),
      ...(withBefore ? (["no-js"] as const) : []),
    ];
    for (const path of paths) {
      const results: Result[] = [];
      for (let i = 0; i < runs; i++) {
        results.push(await purchase(server.base, productPath, path, photo));
      }
      const bytes = results[results.length - 1].receiptBytes;
      const receiptNote =
        path === "no-js"
          ? " (the order's post, file included)"
          : path === "pay-later"
            ? " (after the order, to 'pago en revisión')"
            : "";
      const shrinks = results.flatMap((r) => (r.shrinkMs === null ? [] : [r.shrinkMs]));
      console.log(
        `${path} | ${bytes === null ? "—" : kb(bytes)} | ` +
          `${shrinks.length ? seconds(median(shrinks)) : "—"} | ` +
          `${seconds(median(results.map((r) => r.receiptMs)))}${receiptNote} | ` +
          `${seconds(median(results.map((r) => r.purchaseMs)))}`,
      );
    }
  } finally {
    server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
