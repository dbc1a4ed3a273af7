import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useSubmit,
} from "@remix-run/react";
import { useEffect, useRef } from "react";
import { PointsHistoryTable } from "~/components/loyalty/points-history-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { controlProps, fieldProps, useServerForm } from "~/components/forms/server-form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FormErrorAlert } from "~/components/ui/form-error-alert";
import { Field, Input, Label } from "~/components/ui/input";
import { useIsPending } from "~/hooks/use-is-pending";
import {
  getLoyaltyCustomer,
  searchLoyaltyCustomers,
  type LoyaltyCustomer,
} from "~/models/loyalty/admin.server";
import { LOYALTY_SEARCH_MIN, POINTS_DESCRIPTION_MAX, TIER_LABELS } from "~/models/loyalty/loyalty";
import { addAdminPoints, getLoyaltyAccount } from "~/models/loyalty/loyalty.server";
import { guardAction } from "~/web/guard-action.server";
import {
  CUSTOMER_NOT_FOUND,
  parseAdminPoints,
  type AdminPointsSchema,
} from "~/models/loyalty/admin-points-form.server";
import { requireAdmin } from "~/web/auth.server";
import { redirectWithToast } from "~/web/toast.server";

/*
 * /admin/loyalty (backoffice.md §2 "Loyalty points admin"): find a customer, see their balance,
 * tier and last ledger entries, and add points with a description. The URL holds the search (q)
 * and the chosen customer (cliente), so every step is a plain GET that works without JS.
 */

const RECENT_ENTRIES = 10;
const SEARCH_DEBOUNCE_MS = 300; // backoffice.md §9

export const meta: MetaFunction = () => [{ title: "Puntos de Lealtad | Panel Administrativo" }];

/** The chosen customer's id from the URL, or null when it is missing or not a whole number. */
function customerIdOf(url: URL) {
  const id = Number(url.searchParams.get("cliente"));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const search = url.searchParams.get("q")?.trim() ?? "";
  const customerId = customerIdOf(url);
  const [results, customer] = await Promise.all([
    searchLoyaltyCustomers(search),
    customerId ? getLoyaltyCustomer(customerId) : undefined,
  ]);
  const account = customer ? await getLoyaltyAccount(customer.id) : null;
  return json({
    search,
    results,
    selected: customer && account ? { customer, account: summaryOf(account) } : null,
  });
}

function summaryOf(account: Awaited<ReturnType<typeof getLoyaltyAccount>>) {
  return {
    balance: account.balance,
    pointsEarned: account.pointsEarned,
    tier: account.tier,
    history: account.history.slice(0, RECENT_ENTRIES),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  await guardAction(request);
  await requireAdmin(request);
  const submission = parseAdminPoints(await request.formData());
  if (submission.status !== "success") {
    return json({ result: submission.reply() }, { status: 400 });
  }
  const { userId, points, description } = submission.value;
  const customer = await getLoyaltyCustomer(userId);
  if (!customer) {
    return json(
      { result: submission.reply({ formErrors: [CUSTOMER_NOT_FOUND] }) },
      { status: 404 },
    );
  }
  try {
    await addAdminPoints({ userId, points, description });
  } catch (error) {
    console.error("[admin/loyalty] adding points failed", error);
    return json(
      { result: submission.reply({ formErrors: ["No se pudieron agregar los puntos."] }) },
      { status: 500 },
    );
  }
  // Back to the same customer (and the same search), now with the new balance.
  const back = new URLSearchParams(new URL(request.url).search);
  back.set("cliente", String(userId));
  return redirectWithToast(request, `/admin/loyalty?${back}`, {
    title: "Puntos agregados",
    description: `${points.toLocaleString("en-US")} puntos para ${customer.firstName} ${customer.lastName}.`,
  });
}

export default function AdminLoyaltyRoute() {
  const { search, results, selected } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Puntos de Lealtad</h1>
      <CustomerSearch search={search} />
      <SearchResults search={search} results={results} selectedId={selected?.customer.id} />
      {selected ? <SelectedCustomer {...selected} /> : null}
    </div>
  );
}

/** A GET form; with JS it also searches as the admin types, 300 ms after the last key. */
function CustomerSearch({ search }: { search: string }) {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // Typed before the page's JS ran (a slow office PC): no key event will come, so search for
    // what is in the box now, as the Buscar button would have.
    const input = field.current;
    if (input?.form && input.value !== input.defaultValue) submit(input.form, { replace: true });
    return () => clearTimeout(timer.current);
  }, [submit]);
  // A customer chosen from the results (a link) while a search still waits: the choice wins,
  // and the late search must not take the page back to the bare results.
  const navigation = useNavigation();
  useEffect(() => {
    if (navigation.state === "loading" && !navigation.formMethod) clearTimeout(timer.current);
  }, [navigation.state, navigation.formMethod]);
  return (
    <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
      <div className="space-y-1.5">
        <Label htmlFor="loyalty-search">Buscar cliente por nombre o correo</Label>
        <Input
          ref={field}
          id="loyalty-search"
          type="search"
          name="q"
          defaultValue={search}
          placeholder="Nombre o correo electrónico..."
          autoComplete="off"
          className="w-72"
          onChange={(event) => {
            const form = event.currentTarget.form;
            clearTimeout(timer.current);
            timer.current = setTimeout(() => submit(form, { replace: true }), SEARCH_DEBOUNCE_MS);
          }}
        />
      </div>
      <Button type="submit" variant="secondary">
        Buscar
      </Button>
    </Form>
  );
}

function SearchResults({
  search,
  results,
  selectedId,
}: {
  search: string;
  results: LoyaltyCustomer[];
  selectedId: number | undefined;
}) {
  if (search.length < LOYALTY_SEARCH_MIN) {
    return (
      <p className="text-fg-muted text-sm">
        Escribe al menos {LOYALTY_SEARCH_MIN} caracteres para buscar un cliente.
      </p>
    );
  }
  if (results.length === 0) {
    return <p className="text-fg-muted">No se encontraron clientes para «{search}».</p>;
  }
  return (
    <section aria-labelledby="resultados" className="space-y-2">
      <h2 id="resultados" className="text-lg font-semibold">
        Clientes
      </h2>
      <ul className="divide-border border-border divide-y rounded-lg border">
        {results.map((customer) => {
          const name = `${customer.firstName} ${customer.lastName}`;
          const params = new URLSearchParams({ q: search, cliente: String(customer.id) });
          return (
            <li key={customer.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-3">
              <span className="font-medium">{name}</span>
              <span className="text-fg-muted text-sm">{customer.email}</span>
              {customer.isBlocked ? <Badge variant="warning">Bloqueado</Badge> : null}
              <span className="text-sm">
                {customer.loyaltyPoints.toLocaleString("en-US")} pts ·{" "}
                {TIER_LABELS[customer.loyaltyTier]}
              </span>
              {customer.id === selectedId ? (
                <span className="ml-auto text-sm font-semibold">Seleccionado</span>
              ) : (
                <Link
                  to={`/admin/loyalty?${params}`}
                  aria-label={`Seleccionar a ${name}`}
                  className="text-accent ml-auto text-sm underline"
                >
                  Seleccionar
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

type Selected = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["selected"]>;

function SelectedCustomer({ customer, account }: Selected) {
  const name = `${customer.firstName} ${customer.lastName}`;
  return (
    <section
      aria-labelledby="cliente"
      className="border-border bg-surface space-y-5 rounded-lg border p-5"
    >
      <div>
        <h2 id="cliente" className="text-lg font-semibold">
          {name}
        </h2>
        <p className="text-fg-muted text-sm">{customer.email}</p>
      </div>
      <dl className="grid gap-4 sm:grid-cols-3">
        <Figure label="Puntos disponibles" value={account.balance.toLocaleString("en-US")} />
        <Figure label="Nivel" value={TIER_LABELS[account.tier]} />
        <Figure label="Puntos ganados" value={account.pointsEarned.toLocaleString("en-US")} />
      </dl>
      <AddPointsForm userId={customer.id} />
      <RecentEntries entries={account.history} />
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-fg-muted text-sm">{label}</dt>
      <dd className="text-2xl font-semibold">{value}</dd>
    </div>
  );
}

function AddPointsForm({ userId }: { userId: number }) {
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const { form, field } = useServerForm<typeof AdminPointsSchema>({
    id: "points",
    lastResult: actionData?.result,
    defaultValue: { points: "", description: "" },
  });
  const points = field("points");
  const description = field("description");
  return (
    <Form method="post" {...form.props} className="max-w-xl space-y-4">
      <h3 className="font-semibold">Agregar puntos</h3>
      <FormErrorAlert
        id={form.errorId}
        title="Error al agregar puntos de lealtad"
        errors={form.errors}
      />
      <input type="hidden" name="userId" value={userId} />
      <Field
        label="Puntos"
        {...fieldProps(points)}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        className="w-40"
      />
      <div className="space-y-1.5">
        <Label htmlFor={description.id}>Descripción</Label>
        <Input {...controlProps(description)} type="text" maxLength={POINTS_DESCRIPTION_MAX} />
        {description.errors ? (
          <p id={description.errorId} className="text-danger text-sm">
            {description.errors[0]}
          </p>
        ) : null}
      </div>
      <Button type="submit" disabled={pending}>
        {pending ? "Agregando..." : "Agregar puntos"}
      </Button>
    </Form>
  );
}

function RecentEntries({ entries }: { entries: Selected["account"]["history"] }) {
  return (
    <div className="space-y-2">
      <h3 className="font-semibold">Últimos movimientos</h3>
      {entries.length === 0 ? (
        <p className="text-fg-muted text-sm">Este cliente no tiene movimientos de puntos.</p>
      ) : (
        <PointsHistoryTable entries={entries} />
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
