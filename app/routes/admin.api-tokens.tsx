import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { fieldProps, useServerForm } from "~/components/forms/server-form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { FormErrorAlert } from "~/components/ui/form-error-alert";
import { Field } from "~/components/ui/input";
import { CopyButton } from "~/components/copy-button";
import { useIsPending } from "~/hooks/use-is-pending";
import type { ApiTokenFormSchema } from "~/web/api/token-form.server";
import { createTokenFromForm, tokenFormRefusal } from "~/web/api/token-form.server";
import {
  API_TOKEN_LIFETIMES,
  DEFAULT_API_TOKEN_DAYS,
  isApiTokenExpired,
  listApiTokens,
  revokeApiToken,
  type ApiTokenListEntry,
} from "~/models/auth/api-tokens.server";
import { StepUpField } from "~/components/auth/step-up-field";
import { requireAdmin } from "~/web/auth.server";
import { recentSecondFactor, stepUpNeeded } from "~/web/two-factor.server";
import { guardAction } from "~/web/guard-action.server";
import { formatDate, formatDateTime } from "~/utils/dates";
import { invariantResponse } from "~/utils/invariant";
import { redirectWithToast } from "~/web/toast.server";

/*
 * Tokens of the JSON API (issue 25, decision 124): an admin creates one for an account, with a
 * name, a scope and a level; its secret is shown once, in the answer to the post that made it
 * (never stored, never in a redirect or the session), and the list says when each was last used.
 * Every token ends (decision 131): 90 days unless another life is chosen, its date shown with
 * the secret and on the list.
 */

export const meta: MetaFunction = () => [{ title: "Tokens de API | Panel Administrativo" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const now = new Date();
  const tokens = (await listApiTokens()).map((token) => ({
    ...token,
    expired: isApiTokenExpired(token, now),
  }));
  return json({
    tokens,
    adminEmail: admin.email,
    lifetimes: API_TOKEN_LIFETIMES,
    // Decision 163: creating a token asks for a code when the last one is over 10 minutes old.
    stepUp: await stepUpNeeded(request),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  await guardAction(request);
  const admin = await requireAdmin(request);
  const form = await request.formData();
  if (form.get("intent") === "revoke") {
    const id = Number(form.get("tokenId"));
    invariantResponse(Number.isSafeInteger(id) && id > 0, "Token no encontrado", { status: 404 });
    const revoked = await revokeApiToken(id);
    return redirectWithToast(request, "/admin/api-tokens", {
      type: revoked ? "success" : "error",
      title: revoked ? "Token revocado" : "Error al revocar el token",
      description: revoked
        ? "Las llamadas con ese token se rechazan desde ahora."
        : "El token no existe o ya estaba revocado.",
    });
  }
  const fresh = await recentSecondFactor(request, form);
  if (!fresh.ok) {
    return json({ result: tokenFormRefusal(form, fresh.message), created: null }, { status: 403 });
  }
  const { refusal, created } = await createTokenFromForm(form, admin);
  if (refusal) return refusal;
  // 200 with the secret in this answer only: reloading the list shows it no more.
  return json(
    { result: null as SubmissionResult<string[]> | null, created },
    { headers: { "Cache-Control": "no-store" } },
  );
}

const SCOPES = [
  { value: "read", label: "Solo lectura" },
  { value: "write", label: "Lectura y escritura" },
] as const;

const LEVELS = [
  { value: "customer", label: "Cliente (lo que la cuenta hace en la tienda)" },
  { value: "admin", label: "Administrador (también las llamadas del panel)" },
] as const;

export default function AdminApiTokensRoute() {
  const { tokens, adminEmail, lifetimes, stepUp } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-semibold">Tokens de API</h1>
        <p className="text-fg-muted max-w-prose text-sm">
          Para integraciones (una app, la contabilidad, un proveedor): cada token actúa por una
          cuenta y se envía como <code>Authorization: Bearer …</code>. Referencia:{" "}
          <a href="/api/docs" className="text-accent underline">
            /api/docs
          </a>
          .
        </p>
      </div>
      {actionData?.created ? <NewSecret {...actionData.created} /> : null}
      <NewTokenForm
        result={actionData?.result}
        adminEmail={adminEmail}
        lifetimes={lifetimes}
        stepUp={stepUp}
      />
      <section aria-labelledby="tokens-heading" className="space-y-3">
        <h2 id="tokens-heading" className="text-lg font-semibold">
          Tokens creados
        </h2>
        {tokens.length === 0 ? (
          <p className="text-fg-muted">Aún no hay tokens.</p>
        ) : (
          <DataTable
            headings={[
              "Nombre",
              "Cuenta",
              "Permisos",
              "Creado",
              "Vence",
              "Último uso",
              "Estado",
              { label: "Acciones", hidden: true },
            ]}
          >
            {tokens.map((token) => (
              <TokenRow key={token.id} token={token} />
            ))}
          </DataTable>
        )}
      </section>
    </div>
  );
}

function NewSecret({
  name,
  email,
  secret,
  expiresAt,
}: {
  name: string;
  email: string;
  secret: string;
  expiresAt: string;
}) {
  return (
    <section
      aria-labelledby="secret-heading"
      className="border-accent bg-accent-soft space-y-2 rounded-md border p-4"
    >
      <h2 id="secret-heading" className="font-semibold">
        Token «{name}» creado para {email}
      </h2>
      <p className="text-sm">
        Cópialo ahora: no se volverá a mostrar. Si se pierde, revócalo y crea otro.
      </p>
      <p className="text-sm font-medium">Vence el {formatDateTime(expiresAt)}.</p>
      <div className="flex flex-wrap items-center gap-2">
        <output
          aria-label="Token nuevo"
          className="bg-surface rounded border px-2 py-1 font-mono text-sm break-all select-all"
        >
          {secret}
        </output>
        <CopyButton value={secret} label="token" />
      </div>
    </section>
  );
}

function NewTokenForm({
  result,
  adminEmail,
  lifetimes,
  stepUp,
}: {
  result: Parameters<typeof useServerForm>[0]["lastResult"];
  adminEmail: string;
  lifetimes: readonly number[];
  stepUp: boolean;
}) {
  const pending = useIsPending();
  const { form, field } = useServerForm<typeof ApiTokenFormSchema>({
    id: "api-token",
    lastResult: result,
    defaultValue: {
      name: "",
      email: adminEmail,
      scope: "read",
      level: "customer",
      days: String(DEFAULT_API_TOKEN_DAYS),
    },
  });
  const name = field("name");
  const email = field("email");
  return (
    <section aria-labelledby="new-token-heading" className="max-w-xl space-y-3">
      <h2 id="new-token-heading" className="text-lg font-semibold">
        Nuevo token
      </h2>
      <Form method="post" {...form.props} className="space-y-4">
        <FormErrorAlert id={form.errorId} title="Error al crear el token" errors={form.errors} />
        <Field label="Nombre" {...fieldProps(name)} type="text" maxLength={80} />
        <Field
          label="Correo de la cuenta por la que actúa"
          {...fieldProps(email)}
          type="email"
          autoComplete="off"
        />
        <ChoiceGroup legend="Permisos" field={field("scope")} choices={SCOPES} />
        <ChoiceGroup legend="Nivel" field={field("level")} choices={LEVELS} />
        <ChoiceGroup
          legend="Vence en"
          field={field("days")}
          choices={lifetimes.map((days) => ({ value: String(days), label: `${days} días` }))}
        />
        <StepUpField needed={stepUp} id="step-up-token" />
        <Button type="submit" disabled={pending}>
          {pending ? "Creando..." : "Crear token"}
        </Button>
      </Form>
    </section>
  );
}

function ChoiceGroup({
  legend,
  field,
  choices,
}: {
  legend: string;
  field: ReturnType<ReturnType<typeof useServerForm<typeof ApiTokenFormSchema>>["field"]>;
  choices: ReadonlyArray<{ value: string; label: string }>;
}) {
  return (
    <fieldset className="space-y-2" aria-describedby={field.errors ? field.errorId : undefined}>
      <legend className="text-sm font-medium">{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            aria-invalid={field.errors ? true : undefined}
            name={field.name}
            value={choice.value}
            defaultChecked={field.initialValue === choice.value}
            className="size-5"
          />
          {choice.label}
        </label>
      ))}
      {field.errors ? (
        <p id={field.errorId} className="text-danger text-sm">
          {field.errors[0]}
        </p>
      ) : null}
    </fieldset>
  );
}

function TokenRow({ token }: { token: ApiTokenListEntry & { expired: boolean } }) {
  const revoked = token.revokedAt !== null;
  return (
    <tr className="align-top">
      <th scope="row" className="px-3 py-2 font-semibold">
        {token.name}
        <span className="text-fg-muted block font-mono text-xs font-normal">{token.prefix}…</span>
      </th>
      <td className="px-3 py-2">{token.userEmail}</td>
      <td className="px-3 py-2">
        {token.scope === "write" ? "Lectura y escritura" : "Solo lectura"}
        <span className="text-fg-muted block text-xs">
          {token.level === "admin" ? "Nivel administrador" : "Nivel cliente"}
        </span>
      </td>
      <td className="px-3 py-2 whitespace-nowrap">{formatDate(token.createdAt)}</td>
      <td className="px-3 py-2 whitespace-nowrap">
        {token.expiresAt ? formatDate(token.expiresAt) : "—"}
      </td>
      <td className="px-3 py-2 whitespace-nowrap">
        {token.lastUsedAt ? formatDateTime(token.lastUsedAt) : "Nunca"}
      </td>
      <td className="px-3 py-2">
        {revoked ? (
          <Badge variant="neutral">Revocado</Badge>
        ) : token.expired ? (
          <Badge variant="warning">Vencido</Badge>
        ) : (
          <Badge variant="success">Activo</Badge>
        )}
      </td>
      <td className="px-3 py-2">
        {revoked ? null : (
          <details className="relative">
            <summary
              className="text-danger cursor-pointer list-none text-sm font-medium"
              aria-label={`Revocar ${token.name}`}
            >
              Revocar
            </summary>
            <Form
              method="post"
              className="bg-surface absolute right-0 z-10 mt-1 w-72 space-y-2 rounded-md border p-3 shadow-lg"
            >
              <p className="text-sm">
                ¿Revocar «{token.name}»? Las integraciones que lo usan dejarán de funcionar.
              </p>
              <input type="hidden" name="tokenId" value={token.id} />
              <Button type="submit" name="intent" value="revoke" variant="danger" size="sm">
                Sí, revocar
              </Button>
            </Form>
          </details>
        )}
      </td>
    </tr>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
