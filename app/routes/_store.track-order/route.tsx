import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CmsHtml } from "~/components/content-page";
import { Page } from "~/components/page";
import { getActiveCmsPage } from "~/models/content/cms.server";
import { findOrderForTracking } from "~/models/orders/orders.server";
import { guardAction } from "~/models/auth/guard-action.server";
import { orderLookups } from "~/utils/public-form-limits.server";
import { parseTrackOrder } from "./forms.server";
import { TrackOrderForm } from "./track-form";
import { TrackHelpCard, TrackResultCard } from "./track-result";

export const meta: MetaFunction = () => [{ title: "Seguimiento de Pedido | Perfumería de Lujo" }];

/*
 * D32: a real look-up by number and e-mail. A POST (not a GET) keeps the e-mail out of URLs,
 * history and logs. Every look-up counts against the visitor's IP (10 a minute), and a wrong
 * number and a wrong e-mail give the same answer, so orders cannot be enumerated.
 */

const NOT_FOUND_TITLE = "Pedido no encontrado";
const NOT_FOUND = "Verifica que el número de pedido y email sean correctos.";
const TOO_MANY_LOOKUPS = "Demasiadas búsquedas de pedidos. Espera un minuto e inténtalo de nuevo.";

export async function loader(_: LoaderFunctionArgs) {
  const page = await getActiveCmsPage("tracking");
  return json({ page: page ? { title: page.title, content: page.content } : null });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await guardAction(request);
  const formData = await request.formData();
  const submission = parseTrackOrder(formData);
  if (submission.status !== "success") {
    return json({ result: submission.reply(), order: null, errorTitle: "Error" }, { status: 400 });
  }
  const ip = context.clientIp ?? "unknown";
  if (!(await orderLookups.consume(ip))) {
    return json(
      {
        result: submission.reply({ formErrors: [TOO_MANY_LOOKUPS] }),
        order: null,
        errorTitle: "Error",
      },
      { status: 429, headers: { "Retry-After": "60" } },
    );
  }
  const order = await findOrderForTracking(submission.value);
  if (!order) {
    return json(
      {
        result: submission.reply({ formErrors: [NOT_FOUND] }),
        order: null,
        errorTitle: NOT_FOUND_TITLE,
      },
      { status: 404 },
    );
  }
  return json({ result: submission.reply(), order, errorTitle: null });
}

export default function TrackOrderRoute() {
  const { page } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const order = actionData?.order ?? null;
  const form = (
    <TrackOrderForm
      lastResult={actionData?.result}
      errorTitle={actionData?.errorTitle ?? undefined}
    />
  );

  // backoffice.md §2: the CMS page (title, form, its HTML) while no result is shown.
  if (page && !order) {
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
        {order ? <TrackResultCard order={order} /> : null}
        <TrackHelpCard />
      </div>
    </Page>
  );
}
