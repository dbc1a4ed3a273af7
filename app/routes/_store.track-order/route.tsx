import type { SubmissionResult } from "@conform-to/react";
import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { CmsHtml } from "~/components/content-page";
import { buttonClasses } from "~/components/ui/button";
import { Page } from "~/components/page";
import { getActiveCmsPage } from "~/models/content/cms.server";
import {
  findOrderForTracking,
  getOrderTrackingByLink,
  getOrderTrackingForOwner,
} from "~/models/orders/orders.server";
import { guardAction } from "~/web/guard-action.server";
import { getShopper } from "~/web/shopper.server";
import { readLateProofForm } from "~/web/uploads.server";
import { LATE_PROOF_MESSAGES } from "~/models/orders/late-proof";
import { checkOrderLink } from "~/models/orders/order-link.server";
import {
  discardProof,
  getTransferState,
  sendLateProof,
  type LateProofResult,
} from "~/models/orders/late-proof.server";
import { getSettings } from "~/models/settings/settings.server";
import { orderLookups } from "~/utils/public-form-limits.server";
import { commitSession } from "~/web/session.server";
import { parseTrackOrder } from "./forms.server";
import { TrackOrderForm } from "./track-form";
import { TrackResultCard as TrackResultCardOnServer } from "./track-result-render.server";
import { DOCUMENT_NAMES, documentHref } from "~/models/invoicing/document";
import { documentsOfOrder } from "~/models/invoicing/documents.server";
import { ShownLaterBoundary, shownLater } from "~/utils/shown-later";

/*
 * The result card (with the transfer's details and the receipt's form) shows only after a
 * look-up, so the browser loads its code then: a focus on the look-up form starts the download,
 * and a page that arrives with a result hydrates the server's HTML of the card, inside its
 * Suspense boundary, once that code arrives (as the product page's review form). The server
 * renders it at once (its own import).
 */
const loadTrackResult = () => import("./track-result");
const TrackResultCard = shownLater(TrackResultCardOnServer, () =>
  loadTrackResult().then((module) => module.TrackResultCard),
);

export const meta: MetaFunction = () => [{ title: "Seguimiento de Pedido | Perfumería de Lujo" }];

/*
 * D32: a real look-up by number and e-mail. A POST (not a GET) keeps the e-mail out of URLs,
 * history and logs. Every look-up counts against the visitor's IP (10 a minute), and a wrong
 * number and a wrong e-mail give the same answer, so orders cannot be enumerated.
 * ?order=<id> shows the status to the order's owner only ('Seguir mi pedido' after checkout).
 * Decision 096: an order placed with 'Transferiré después' takes its receipt here until its
 * deadline (a plain multipart form). Decision 130 (issue 37, item 4): only from its owner (this
 * browser's guest id or the account) or with the signed link of its e-mails
 * (?order=<id>&firma=…, posted back as hidden fields); the number and e-mail show the order
 * but no longer take a receipt.
 */

const NOT_FOUND_TITLE = "Pedido no encontrado";
const NOT_FOUND = "Verifica que el número de pedido y email sean correctos.";
const TOO_MANY_LOOKUPS = "Demasiadas búsquedas de pedidos. Espera un minuto e inténtalo de nuevo.";
const LINK_TITLE = "Enlace no válido";
const LINK_INVALID =
  "Este enlace no es válido. Usa el del correo de tu pedido, o busca tu pedido con su número y correo.";
const linkRefusal: SubmissionResult<string[]> = { status: "error", error: { "": [LINK_INVALID] } };

type Tracked = NonNullable<Awaited<ReturnType<typeof findOrderForTracking>>>;
type Upload = { action: string; hidden: Record<string, string> } | null;

/**
 * What the result card shows: the order (without its id), where its payment stands, how to send
 * the receipt, and its invoice and credit notes (decision 171) for its owner or its e-mail
 * link's holder, whose signed query their links carry (`documentsQuery`; null: neither).
 */
async function trackedView(
  { id, ...order }: Tracked,
  upload: Upload,
  documentsQuery: string | null,
) {
  const [transfer, settings, documents] = await Promise.all([
    getTransferState(id),
    getSettings(),
    documentsQuery === null ? [] : documentsOfOrder(id),
  ]);
  const bank = {
    bankName: settings.bank_name,
    bankAccount: settings.bank_account_number,
    bankHolder: settings.bank_account_holder,
  };
  const links = documents.map(({ kind, number }) => {
    const options = {
      number: kind === "invoice" ? undefined : number,
      query: documentsQuery ?? "",
    };
    return {
      name: `${DOCUMENT_NAMES[kind]} No. ${number}`,
      href: documentHref(id, options),
      pdf: documentHref(id, { ...options, pdf: true }),
    };
  });
  return { order, payment: { transfer, bank, upload, documents: links } };
}

/** The signed link's query, as an invoice's link carries it on. */
const linkQuery = (link: { orderId: string; until: string | null; signature: string }) =>
  new URLSearchParams(linkUpload(link).hidden).toString();

/** The signed link's order, end and signature, from the query or the form; null when it is not one. */
function signedLink(read: (name: string) => unknown) {
  const orderId = read("order");
  const signature = read("firma");
  const until = read("hasta");
  if (typeof signature !== "string") return null;
  const link = {
    orderId: String(orderId ?? ""),
    until: typeof until === "string" ? until : null,
    signature,
  };
  const valid = typeof orderId === "string" && checkOrderLink(link, new Date());
  return { valid, ...link };
}

/** The receipt's form under a link posts the link back: it is checked again. */
const linkUpload = (link: { orderId: string; until: string | null; signature: string }) => ({
  action: "/track-order",
  hidden: {
    order: link.orderId,
    ...(link.until === null ? {} : { hasta: link.until }),
    firma: link.signature,
  },
});

export async function loader({ request }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  const orderId = query.get("order");
  const link = signedLink((name) => query.get(name));
  const page = await getActiveCmsPage("tracking");
  let owned = null;
  if (link?.valid) {
    const order = await getOrderTrackingByLink(link.orderId);
    if (order) owned = await trackedView(order, linkUpload(link), linkQuery(link));
  } else if (orderId && !link) {
    const { shopper } = await getShopper(request);
    const order = await getOrderTrackingForOwner({ orderId, ...shopper });
    if (order) {
      owned = await trackedView(
        order,
        { action: `/order-confirmation/${order.id}`, hidden: {} },
        "",
      );
    }
  }
  return json({
    page: page ? { title: page.title, content: page.content } : null,
    owned,
    linkRefused: link !== null && !owned,
  });
}

function proofAnswer(sent: LateProofResult) {
  if (sent.ok) return { error: null, received: true };
  const error = sent.error === "unreadable" ? sent.message : LATE_PROOF_MESSAGES[sent.error];
  return { error: error ?? LATE_PROOF_MESSAGES.no_file, received: false };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await guardAction(request);
  const ip = context.clientIp ?? "unknown";
  const { formData, proof } = await readLateProofForm(request, { clientIp: ip });
  const uploading = formData.get("intent") === "upload-proof";
  const link = signedLink((name) => formData.get(name));
  if (link) {
    // The signed link of the order's e-mails: it proves the right to the order (decision 130).
    const order = link.valid ? await getOrderTrackingByLink(link.orderId) : null;
    if (!order || !uploading) {
      discardProof(proof);
      return json(
        { result: linkRefusal, tracked: null, errorTitle: LINK_TITLE, proof: null },
        { status: order ? 400 : 403 },
      );
    }
    const { shopper, session, isNewGuest } = await getShopper(request, { createGuest: true });
    const headers = isNewGuest
      ? { "Set-Cookie": await commitSession(request, session) }
      : undefined;
    const sent = await sendLateProof({ orderId: order.id, proof, shopper });
    const upload = linkUpload(link);
    return json(
      {
        result: null,
        tracked: await trackedView(
          (await getOrderTrackingByLink(order.id)) ?? order,
          upload,
          linkQuery(link),
        ),
        errorTitle: null,
        proof: proofAnswer(sent),
      },
      { status: sent.ok ? 200 : 400, headers },
    );
  }

  const submission = parseTrackOrder(formData);
  const refuse = (status: number, title: string, message?: string, headers?: HeadersInit) => {
    discardProof(proof);
    const result = submission.reply(message ? { formErrors: [message] } : undefined);
    return json({ result, tracked: null, errorTitle: title, proof: null }, { status, headers });
  };
  if (submission.status !== "success") return refuse(400, "Error");
  if (!(await orderLookups.consume(ip))) {
    return refuse(429, "Error", TOO_MANY_LOOKUPS, { "Retry-After": "60" });
  }
  const found = await findOrderForTracking(submission.value);
  if (!found) return refuse(404, NOT_FOUND_TITLE, NOT_FOUND);

  // The number and e-mail show the order; only its owner gets the receipt's form (decision 130).
  const { shopper } = await getShopper(request);
  const owner = (await getOrderTrackingForOwner({ orderId: found.id, ...shopper })) !== null;
  const result = submission.reply();
  const upload = owner
    ? {
        action: "/track-order",
        hidden: { orderNumber: found.orderNumber, email: submission.value.email },
      }
    : null;
  if (!uploading) {
    discardProof(proof);
    return json({
      result,
      tracked: await trackedView(found, upload, owner ? "" : null),
      errorTitle: null,
      proof: null,
    });
  }
  let sent: LateProofResult = { ok: false, error: "not_owner" };
  if (owner) {
    // The owner holds a guest id or an account already; createGuest only types it so.
    const known = await getShopper(request, { createGuest: true });
    sent = await sendLateProof({ orderId: found.id, proof, shopper: known.shopper });
  } else {
    discardProof(proof);
  }
  const tracked = await trackedView(
    (await findOrderForTracking(submission.value)) ?? found,
    upload,
    owner ? "" : null,
  );
  return json(
    { result, tracked, errorTitle: null, proof: proofAnswer(sent) },
    { status: sent.ok ? 200 : owner ? 400 : 403 },
  );
}

export default function TrackOrderRoute() {
  const { page, owned, linkRefused } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const tracked = actionData?.tracked ?? (actionData ? null : owned);
  const refusedLink = !actionData && linkRefused;
  const form = (
    <div onFocus={() => void loadTrackResult()}>
      <TrackOrderForm
        lastResult={actionData?.result ?? (refusedLink ? linkRefusal : undefined)}
        errorTitle={actionData?.errorTitle ?? (refusedLink ? LINK_TITLE : undefined)}
      />
    </div>
  );

  // backoffice.md §2: the CMS page (title, form, its HTML) while no result is shown.
  if (page && !tracked) {
    return (
      <Page title={page.title}>
        <div className="space-y-8">
          {form}
          <CmsHtml html={page.content} />
        </div>
      </Page>
    );
  }
  return (
    <Page
      title="Seguimiento de Pedido"
      intro="Ingresa tu número de pedido y el correo electrónico con el que compraste."
    >
      <div className="space-y-8">
        {form}
        {tracked ? (
          <ShownLaterBoundary>
            <TrackResultCard
              order={tracked.order}
              payment={tracked.payment}
              proof={actionData?.proof ?? null}
            />
          </ShownLaterBoundary>
        ) : null}
        <TrackHelpCard />
      </div>
    </Page>
  );
}

function TrackHelpCard() {
  return (
    <aside
      aria-labelledby="track-help-heading"
      className="border-border bg-surface-muted max-w-xl space-y-2 rounded-lg border p-5"
    >
      <h2 id="track-help-heading" className="font-semibold">
        ¿Necesitas ayuda?
      </h2>
      <p className="text-fg-muted text-sm">
        Tu número de pedido aparece en la confirmación de tu compra (por ejemplo, PH-261122-4821).
        Usa el mismo correo electrónico con el que hiciste el pedido.
      </p>
      <Link to="/contact" className={buttonClasses("secondary", "sm")}>
        Contáctanos
      </Link>
    </aside>
  );
}
