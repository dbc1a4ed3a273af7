import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { TIER_LABELS } from "~/models/loyalty/loyalty";
import { requireUserOrUnauthorized } from "~/web/auth.server";

// /account, the Perfil tab: who the account is, in short; editing happens on /profile.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserOrUnauthorized(request);
  return json({
    profile: {
      name: [user.firstName, user.lastName].filter(Boolean).join(" "),
      email: user.email,
      phone: user.phone,
      role: user.role,
      loyaltyPoints: user.loyaltyPoints,
      loyaltyTier: user.loyaltyTier,
    },
  });
}

export default function AccountProfileTab() {
  const { profile } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="mis-datos" className="max-w-xl space-y-4">
      <h2 id="mis-datos" className="flex items-center gap-2 text-lg font-semibold">
        Mis datos
        <Badge variant={profile.role === "admin" ? "solid" : "neutral"}>
          {profile.role === "admin" ? "Administrador" : "Cliente"}
        </Badge>
      </h2>
      <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-6 gap-y-2 text-sm break-words">
        <dt className="text-fg-muted">Nombre</dt>
        <dd>{profile.name || "—"}</dd>
        <dt className="text-fg-muted">Correo electrónico</dt>
        <dd>{profile.email}</dd>
        <dt className="text-fg-muted">Teléfono</dt>
        <dd>{profile.phone ?? "—"}</dd>
        <dt className="text-fg-muted">Puntos</dt>
        <dd>
          {profile.loyaltyPoints.toLocaleString("en-US")} · Nivel {TIER_LABELS[profile.loyaltyTier]}
        </dd>
      </dl>
      <div className="flex flex-wrap gap-3">
        <Link to="/profile" className={buttonClasses("primary")}>
          Editar perfil
        </Link>
        <Link to="/profile/loyalty" className={buttonClasses("secondary")}>
          Mis puntos
        </Link>
      </div>
    </section>
  );
}
