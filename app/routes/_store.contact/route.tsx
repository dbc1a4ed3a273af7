import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { fieldProps, useServerForm, controlProps } from "~/components/forms/server-form";
import { Page } from "~/components/page";
import { Button } from "~/components/ui/button";
import { WhatsappLink } from "~/components/whatsapp-link";
import { FormErrorAlert } from "~/components/ui/form-error-alert";
import { Field, Label } from "~/components/ui/input";
import { useIsPending } from "~/hooks/use-is-pending";
import { CONTACT_SUBJECT_MAX } from "~/models/content/messages";
import { createMessage } from "~/models/content/messages.server";
import { NAME_MAX_LENGTH } from "~/models/customers/fields";
import { getSettings } from "~/models/settings/settings.server";
import { guardAction } from "~/web/guard-action.server";
import { parseContactForm, type ContactSchema } from "~/routes/_store.contact/forms.server";
import { telUrl } from "~/utils/phone";
import { whatsappNumber } from "~/utils/whatsapp";
import { contactMessages } from "~/utils/public-form-limits.server";
import { redirectWithToast } from "~/web/toast.server";

export const meta: MetaFunction = () => [{ title: "Contacto | Perfumería de Lujo" }];

/*
 * D31: the message is stored and read in the message centre (/admin/messages). Against spam
 * (decision 063): five messages an hour per IP (`contactMessages`), and a honeypot field no
 * person sees or hears; a bot that fills it is told "sent" and nothing is stored.
 */
const HONEYPOT = "website";

const TOO_MANY = "Has enviado demasiados mensajes. Espera una hora e inténtalo de nuevo.";
const SEND_FAILED = "No se pudo enviar el mensaje. Intenta de nuevo.";
const SENT = { title: "Mensaje enviado", description: "Te responderemos a tu correo pronto." };

export async function loader(_: LoaderFunctionArgs) {
  // D3: read per request, so an admin's change shows on the next visit.
  const settings = await getSettings();
  return json({
    contact: {
      address: settings.contactAddress,
      phone: settings.contactPhone,
      // Decision 101: a number WhatsApp cannot reach is not offered.
      whatsapp: whatsappNumber(settings.contactWhatsapp) ? settings.contactWhatsapp : "",
      email: settings.contactEmail,
      hours: settings.businessHours,
    },
    social: [
      { label: "Facebook", href: settings.facebook_url },
      { label: "Instagram", href: settings.instagram_url },
      { label: "TikTok", href: settings.tiktok_url },
    ].filter((link) => link.href),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await guardAction(request);
  const formData = await request.formData();
  if (String(formData.get(HONEYPOT) ?? "").trim()) {
    return redirectWithToast(request, "/contact", SENT);
  }
  const submission = parseContactForm(formData);
  if (submission.status !== "success") {
    return json({ result: submission.reply() }, { status: 400 });
  }
  const ip = context.clientIp ?? "unknown";
  // Counted and checked in one statement: concurrent posts cannot all pass a check made
  // before any of them counted (issue 19); a message that fails to save is given back.
  if (!(await contactMessages.consume(ip))) {
    return json(
      { result: submission.reply({ formErrors: [TOO_MANY] }) },
      { status: 429, headers: { "Retry-After": "3600" } },
    );
  }
  try {
    await createMessage(submission.value);
  } catch (error) {
    console.error("No se pudo guardar un mensaje de contacto", error);
    await contactMessages.giveBack(ip);
    return json({ result: submission.reply({ formErrors: [SEND_FAILED] }) }, { status: 500 });
  }
  return redirectWithToast(request, "/contact", SENT);
}

export default function ContactRoute() {
  const { contact, social } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>() !== undefined;
  /*
   * A sent message redirects to a new location, and the form mounts again, empty (§8). A refused
   * one keeps the form: its answer shows while the page's data still loads, and a remount when
   * that load ends would throw away what the visitor typed after the error appeared.
   */
  const location = useLocation();
  const formKey = refused ? "refused" : location.key;
  return (
    <Page
      title="Contacto"
      intro="¿Tienes preguntas sobre un perfume o un pedido? Escríbenos y te responderemos."
    >
      <div className="grid gap-10 lg:grid-cols-[1fr_1.4fr]">
        <section aria-labelledby="contact-info" className="space-y-6">
          <h2 id="contact-info" className="text-xl font-semibold">
            Información de contacto
          </h2>
          <dl className="space-y-4">
            <ContactItem term="Dirección" value={contact.address}>
              <address className="not-italic">{contact.address}</address>
            </ContactItem>
            <ContactItem term="Teléfono" value={contact.phone}>
              <a href={telUrl(contact.phone)} className="text-accent underline">
                {contact.phone}
              </a>
            </ContactItem>
            <ContactItem term="WhatsApp" value={contact.whatsapp}>
              <WhatsappLink phone={contact.whatsapp} className="text-accent underline">
                Escríbenos por WhatsApp ({contact.whatsapp})
              </WhatsappLink>
            </ContactItem>
            <ContactItem term="Correo electrónico" value={contact.email}>
              <a href={`mailto:${contact.email}`} className="text-accent break-all underline">
                {contact.email}
              </a>
            </ContactItem>
            <ContactItem term="Horario de atención" value={contact.hours}>
              {contact.hours}
            </ContactItem>
          </dl>
          {social.length > 0 ? (
            <div>
              <h3 className="font-semibold">Síguenos</h3>
              <ul aria-label="Redes sociales" className="mt-2 flex flex-wrap gap-4">
                {social.map((link) => (
                  <li key={link.label}>
                    <a href={link.href} rel="noopener noreferrer" className="text-accent underline">
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </section>
        <ContactForm key={formKey} />
      </div>
    </Page>
  );
}

/** An entry the admin left empty in settings is left out, not shown blank. */
function ContactItem({
  term,
  value,
  children,
}: {
  term: string;
  value: string;
  children: ReactNode;
}) {
  if (!value.trim()) return null;
  return (
    <div>
      <dt className="text-fg-muted text-sm font-medium">{term}</dt>
      <dd className="mt-1">{children}</dd>
    </div>
  );
}

const textareaClasses =
  "border-border-strong bg-surface text-fg block w-full rounded-md border px-3 py-2 text-base aria-invalid:border-danger";

function ContactForm() {
  const actionData = useActionData<typeof action>();
  const pending = useIsPending({ formAction: "/contact" });
  const { form, field } = useServerForm<typeof ContactSchema>({
    id: "contact",
    lastResult: actionData?.result,
    defaultValue: {},
  });
  const message = field("message");
  return (
    <Form
      method="post"
      action="/contact"
      {...form.props}
      aria-labelledby="contact-form-title"
      className="border-border bg-surface space-y-4 rounded-lg border p-5"
    >
      <h2 id="contact-form-title" className="text-xl font-semibold">
        Envíanos un mensaje
      </h2>
      <FormErrorAlert id={form.errorId} title="Error" errors={form.errors} />
      <Field
        label="Nombre"
        {...fieldProps(field("name"))}
        autoComplete="name"
        maxLength={NAME_MAX_LENGTH}
      />
      <Field
        label="Correo electrónico"
        type="email"
        {...fieldProps(field("email"))}
        autoComplete="email"
      />
      <Field
        label="Teléfono (opcional)"
        type="tel"
        {...fieldProps(field("phone"))}
        autoComplete="tel"
        placeholder="+504 0000-0000"
      />
      <Field label="Asunto" {...fieldProps(field("subject"))} maxLength={CONTACT_SUBJECT_MAX} />
      <div className="space-y-1.5">
        <Label htmlFor={message.id}>Mensaje</Label>
        <textarea {...controlProps(message)} rows={6} className={textareaClasses} />
        {message.errors?.length ? (
          <ul id={message.errorId} className="text-danger space-y-0.5 text-sm">
            {message.errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        ) : null}
      </div>
      {/* The honeypot: off screen, out of the tab order and of the accessibility tree. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          Sitio web
          <input type="text" name={HONEYPOT} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <Button type="submit" disabled={pending} className="w-full sm:w-auto">
        {pending ? "Enviando..." : "Enviar mensaje"}
      </Button>
    </Form>
  );
}
