import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { telUrl } from "~/utils/phone";
import { whatsappUrl } from "~/utils/whatsapp";
import { WhatsappLink } from "./whatsapp-link";

export type FooterSettings = {
  address: string;
  phone: string;
  email: string;
  whatsapp: string;
  facebookUrl: string;
  instagramUrl: string;
  tiktokUrl: string;
  companyDescription: string;
  /** Already formatted, e.g. 'L 2,000.00' (D11). */
  freeShippingThreshold: string;
};

const supportLinks = [
  { to: "/contact", label: "Contacto" },
  { to: "/track-order", label: "Seguimiento" },
  { to: "/returns", label: "Devoluciones" },
  { to: "/faq", label: "FAQ" },
  { to: "/authenticity", label: "Autenticidad" },
];

const legalLinks = [
  { to: "/terms", label: "Términos" },
  { to: "/privacy", label: "Privacidad" },
  { to: "/cookies", label: "Cookies" },
];

const linkClass = "rounded-sm text-fg-muted underline-offset-4 hover:text-fg hover:underline";

/**
 * The footer's columns: the shop, how to reach it, its pages. Only read and followed, so the
 * store's layout keeps the server's HTML of them and the browser loads this code only when the
 * footer is drawn anew (keptAsServed, decision 159).
 */
export function FooterColumns({ settings }: { settings: FooterSettings }) {
  const social = [
    { href: settings.instagramUrl, label: "Instagram" },
    { href: settings.facebookUrl, label: "Facebook" },
    { href: whatsappUrl(settings.whatsapp) ?? "", label: "WhatsApp" },
    { href: settings.tiktokUrl, label: "TikTok" },
  ].filter((link) => link.href);

  return (
    <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
      <div className="space-y-4">
        <p className="font-display flex items-center gap-2 text-lg font-semibold">
          <span
            aria-hidden="true"
            className="bg-accent text-accent-fg grid size-8 place-items-center rounded-full"
          >
            P
          </span>
          Perfumería de Lujo
        </p>
        {settings.companyDescription ? (
          <p className="text-fg-muted">{settings.companyDescription}</p>
        ) : null}
        <p className="text-accent font-medium">
          Envío gratis en compras mayores a {settings.freeShippingThreshold}
        </p>
      </div>

      <FooterSection title="Contáctanos">
        <address className="space-y-2 not-italic">
          {settings.address ? <p className="text-fg-muted">{settings.address}</p> : null}
          {settings.phone ? (
            <p>
              <a href={telUrl(settings.phone)} className={linkClass}>
                {settings.phone}
              </a>
            </p>
          ) : null}
          {settings.email ? (
            <p>
              <a href={`mailto:${settings.email}`} className={`${linkClass} break-all`}>
                {settings.email}
              </a>
            </p>
          ) : null}
          <WhatsappLink
            phone={settings.whatsapp}
            className={`${linkClass} flex min-h-11 w-fit items-center`}
          >
            WhatsApp: {settings.whatsapp}
          </WhatsappLink>
        </address>
        {social.length > 0 ? (
          <ul aria-label="Redes sociales" className="mt-4 flex flex-wrap gap-x-4 gap-y-2">
            {social.map((link) => (
              <li key={link.label}>
                <a href={link.href} rel="noopener noreferrer" className={linkClass}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </FooterSection>

      <FooterSection title="Soporte">
        <LinkList links={supportLinks} />
      </FooterSection>

      <FooterSection title="Legal">
        <LinkList links={legalLinks} />
      </FooterSection>
    </div>
  );
}

function FooterSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2 className="font-display text-fg mb-4 text-base font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function LinkList({ links }: { links: Array<{ to: string; label: string }> }) {
  return (
    <ul className="space-y-2">
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className={linkClass}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
