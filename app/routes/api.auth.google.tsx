import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { guardAction } from "~/web/guard-action.server";
import { getAuthenticator } from "~/web/auth.server";
import { getEnv } from "~/utils/env.server";
import { redirectWithToast } from "~/web/toast.server";

/*
 * Starts Google sign-in. The buttons post here; the address also answers GET because
 * other pages and bookmarks link to it (storefront.md keeps /api/auth/google).
 */
async function startGoogle(request: Request) {
  if (!getEnv().googleEnabled) {
    return redirectWithToast(request, "/login", {
      type: "error",
      title: "Inicio con Google no disponible",
      description: "Usa tu correo y contraseña para iniciar sesión.",
    });
  }
  return getAuthenticator(request).authenticate("google", request);
}

export async function loader({ request }: LoaderFunctionArgs) {
  return startGoogle(request);
}

export async function action({ request }: ActionFunctionArgs) {
  await guardAction(request);
  const response = await startGoogle(request).catch((thrown: unknown) => {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  });
  return response ?? redirect("/login");
}
