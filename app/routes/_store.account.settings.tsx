import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { requireUserOrUnauthorized } from "~/web/auth.server";
import { useRootData } from "~/hooks/use-root-data";

/*
 * /account/settings, the Configuración tab: the theme (the same POST to /theme as the header's
 * toggle, D5, chosen here by name) and the way to the password and to deleting the account,
 * which live on /profile.
 */

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserOrUnauthorized(request);
  return json(null);
}

const THEME_CHOICES = [
  { value: "light", label: "Claro" },
  { value: "dark", label: "Oscuro" },
  { value: "system", label: "Sistema (según tu dispositivo)" },
] as const;

export default function AccountSettingsTab() {
  const theme = useRootData()?.theme ?? "system";
  return (
    <div className="max-w-xl space-y-8">
      <Form method="post" action="/theme" className="space-y-3">
        <input type="hidden" name="redirectTo" value="/account/settings" />
        <fieldset className="space-y-2">
          <legend className="text-lg font-semibold">Tema</legend>
          {THEME_CHOICES.map((choice) => (
            <label key={choice.value} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name="theme"
                value={choice.value}
                defaultChecked={theme === choice.value}
                className="accent-accent size-4"
              />
              {choice.label}
            </label>
          ))}
        </fieldset>
        <Button type="submit" variant="secondary" size="sm">
          Guardar tema
        </Button>
      </Form>
      <section aria-labelledby="seguridad-cuenta" className="space-y-2">
        <h2 id="seguridad-cuenta" className="text-lg font-semibold">
          Seguridad
        </h2>
        <ul className="space-y-1">
          <li>
            <Link to="/profile/security" className="text-accent underline">
              Cambiar contraseña
            </Link>
          </li>
          <li>
            <Link to="/profile/danger" className="text-accent underline">
              Eliminar mi cuenta
            </Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
