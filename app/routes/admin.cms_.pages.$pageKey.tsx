import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import {
  checkboxProps,
  controlProps,
  fieldProps,
  useServerForm,
  type ServerField,
} from "~/components/forms/server-form";
import { Button, buttonClasses } from "~/components/ui/button";
import { FormErrorAlert } from "~/components/ui/form-error-alert";
import { Field, Label } from "~/components/ui/input";
import { useIsPending } from "~/hooks/use-is-pending";
import {
  CMS_META_DESCRIPTION_MAX,
  CMS_PAGES,
  CMS_TABS,
  cmsTabPath,
  isCmsPageKey,
} from "~/models/content/cms";
import {
  readCmsPageSubmission,
  type CmsPageFormSchema,
} from "~/models/content/cms-page-form.server";
import { getCmsPage, saveCmsPage, setCmsPageActive } from "~/models/content/cms.server";
import { guardAction } from "~/web/guard-action.server";
import { requireAdmin } from "~/web/auth.server";
import { formatDateTime } from "~/utils/dates";
import { invariantResponse } from "~/utils/invariant";
import { redirectWithToast } from "~/web/toast.server";

const NOT_FOUND = "Página no encontrada";
const SAVED = "Página actualizada";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.page.title ?? "Página"} | Contenido CMS | Panel Administrativo` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const page = await getCmsPage(params.pageKey ?? "");
  invariantResponse(page, NOT_FOUND, { status: 404 });
  return json({ page, path: isCmsPageKey(page.key) ? CMS_PAGES[page.key].path : null });
}

/** The tab a row's switch was pressed on, when it is one of ours (never an outside address). */
function tabOf(returnTo: FormDataEntryValue | null, key: string) {
  return Object.values(CMS_TABS).find((tab) => tab.to === returnTo)?.to ?? cmsTabPath(key);
}

/** The edit form (save), or a row's switch on a tab (activate / deactivate). */
export async function action({ request, params }: ActionFunctionArgs) {
  await guardAction(request);
  await requireAdmin(request);
  const key = params.pageKey ?? "";
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "activate" || intent === "deactivate") {
    const active = intent === "activate";
    const switched = await setCmsPageActive(key, active);
    invariantResponse(switched.ok, NOT_FOUND, { status: 404 });
    return redirectWithToast(request, tabOf(formData.get("returnTo"), key), {
      title: SAVED,
      description: active
        ? `«${switched.page.title}» se muestra en la tienda.`
        : `«${switched.page.title}» ya no se muestra: la tienda usa su texto predeterminado.`,
    });
  }

  const read = readCmsPageSubmission(formData);
  if (!read.ok) return json({ result: read.reply }, { status: 400 });
  const saved = await saveCmsPage(key, read.input);
  invariantResponse(saved.ok, NOT_FOUND, { status: 404 });
  return redirectWithToast(request, cmsTabPath(key), {
    title: SAVED,
    description: `Se guardaron los cambios de «${saved.page.title}».`,
  });
}

export default function EditCmsPageRoute() {
  const { page, path } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const { form, field } = useServerForm<typeof CmsPageFormSchema>({
    id: "cms-page",
    lastResult: actionData?.result,
    defaultValue: {
      title: page.title,
      content: page.content,
      metaDescription: page.metaDescription ?? "",
      isActive: page.isActive ? "on" : undefined,
    },
  });
  const title = field("title");
  const content = field("content");
  const metaDescription = field("metaDescription");
  const isActive = field("isActive");

  return (
    <div className="space-y-6">
      <div>
        <Link to={cmsTabPath(page.key)} className="text-accent text-sm underline">
          ← Contenido CMS
        </Link>
        <h1 className="mt-2 text-2xl font-semibold">Editar página</h1>
        <p className="text-fg-muted text-sm">
          <span className="font-mono">{page.key}</span>
          {page.updatedAt
            ? ` · Actualizada el ${formatDateTime(page.updatedAt)}`
            : " · Sin guardar"}
          {path ? (
            <>
              {" · "}
              <a href={path} target="_blank" rel="noreferrer" className="text-accent underline">
                Ver en la tienda
              </a>
            </>
          ) : null}
        </p>
      </div>
      <Form method="post" {...form.props} className="max-w-3xl space-y-5">
        <FormErrorAlert
          id={form.errorId}
          title="Error al actualizar la página"
          errors={form.errors}
        />
        <Field label="Título" {...fieldProps(title)} type="text" />
        <TextArea
          field={content}
          label="Contenido (HTML)"
          rows={20}
          className="font-mono text-sm"
          hint="Se permiten títulos (h2–h4), párrafos, listas, negritas, cursivas, tablas y enlaces http, https, mailto o tel. Scripts, iframes, estilos y eventos se eliminan al guardar."
        />
        <TextArea
          field={metaDescription}
          label="Meta descripción"
          rows={3}
          hint={`Lo que muestran los buscadores. Máximo ${CMS_META_DESCRIPTION_MAX} caracteres.`}
        />
        <div className="flex items-center gap-2">
          <input {...checkboxProps(isActive)} className="size-5" />
          <Label htmlFor={isActive.id}>
            Página activa (si no, la tienda muestra su texto predeterminado)
          </Label>
        </div>
        <div className="flex gap-3">
          <Button type="submit" name="intent" value="save" disabled={pending}>
            {pending ? "Guardando..." : "Guardar cambios"}
          </Button>
          <Link to={cmsTabPath(page.key)} className={buttonClasses("secondary")}>
            Cancelar
          </Link>
        </div>
      </Form>
    </div>
  );
}

function TextArea({
  field,
  label,
  hint,
  rows,
  className = "",
}: {
  field: ServerField;
  label: string;
  hint: string;
  rows: number;
  className?: string;
}) {
  const hintId = `${field.id}-hint`;
  const props = controlProps(field);
  return (
    <div className="space-y-1.5">
      <Label htmlFor={field.id}>{label}</Label>
      <textarea
        {...props}
        rows={rows}
        aria-describedby={[props["aria-describedby"], hintId].filter(Boolean).join(" ")}
        className={`border-border-strong bg-surface text-fg aria-invalid:border-danger block w-full rounded-md border px-3 py-2 ${className}`}
      />
      <p id={hintId} className="text-fg-muted text-xs">
        {hint}
      </p>
      {field.errors ? (
        <p id={field.errorId} className="text-danger text-sm">
          {field.errors[0]}
        </p>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
