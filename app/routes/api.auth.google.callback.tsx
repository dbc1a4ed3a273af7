import type { LoaderFunctionArgs } from "@remix-run/node";
import { getUserById, needsProfileCompletion } from "~/models/customers/users.server";
import { createLoginSession, getAuthenticator, homeFor, signInRefusalOf } from "~/web/auth.server";
import { getEnv } from "~/utils/env.server";
import { redirectWithToast } from "~/web/toast.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!getEnv().googleEnabled)
    return redirectWithToast(request, "/login", {
      type: "error",
      title: "Inicio con Google no disponible",
    });
  let authUser;
  try {
    authUser = await getAuthenticator(request).authenticate("google", request);
  } catch (error) {
    if (error instanceof Response) throw error;
    return redirectWithToast(request, "/login", {
      type: "error",
      title: "Error de inicio de sesión",
      // Our own refusals say why; anything else (a stale state, a code Google refused) is
      // the provider's round trip failing.
      description:
        signInRefusalOf(error)?.message ??
        "No se pudo iniciar sesión con Google. Inténtalo de nuevo.",
    });
  }
  const user = await getUserById(authUser.id);
  const target =
    user && user.role !== "admin" && needsProfileCompletion(user)
      ? "/complete-profile"
      : homeFor(authUser);
  return createLoginSession(
    request,
    authUser,
    target,
    { title: "¡Bienvenido!" },
    { clientIp: context.clientIp ?? null },
  );
}
