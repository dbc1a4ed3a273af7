import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/auth/auth-card";
import { requireAdmin } from "~/web/auth.server";
import { safeRedirect } from "~/web/redirect.server";
import { commitSession, getSession } from "~/web/session.server";

/*
 * /admin-access/codigos (decision 163): the ten recovery codes just made (by the setup, or by
 * "Generar nuevos códigos" on /profile/security), shown once: the session holds them until this
 * page is drawn, and then no longer. Only their hashes are stored.
 */

export const meta: MetaFunction = () => [
  { title: "Tus códigos de recuperación | Perfumería de Lujo" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const session = await getSession(request);
  const toShow = session.get("recoveryCodesToShow");
  if (!toShow) throw redirect("/admin");
  session.unset("recoveryCodesToShow");
  return json(
    { codes: toShow.codes, next: safeRedirect(toShow.next, "/admin") },
    // Never kept by a cache, nor by the browser's back button.
    {
      headers: {
        "Set-Cookie": await commitSession(request, session),
        "Cache-Control": "no-store",
      },
    },
  );
}

export default function RecoveryCodesRoute() {
  const { codes, next } = useLoaderData<typeof loader>();
  return (
    <AuthCard
      title="Guarda tus códigos de recuperación"
      subtitle="Si pierdes tu teléfono, cada uno de estos códigos te deja entrar una sola vez. No los volverás a ver en esta página."
    >
      <ul
        aria-label="Códigos de recuperación"
        className="bg-surface-muted grid grid-cols-2 gap-2 rounded-lg p-4 text-center font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <p className="text-fg-muted mt-4 text-sm">
        Imprímelos o guárdalos en un lugar seguro, fuera de tu teléfono. Puedes generar otros nuevos
        en Mi perfil, Seguridad: los anteriores dejan de servir.
      </p>
      <Link
        to={next}
        className="bg-primary text-primary-fg mt-6 flex min-h-11 w-full items-center justify-center rounded-lg px-4 py-2.5 text-sm font-medium"
      >
        Ya los guardé, continuar
      </Link>
    </AuthCard>
  );
}
