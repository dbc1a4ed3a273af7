import { ADMIN_USER_REFUSALS, DELETE_USER_REFUSALS } from "~/models/customers/admin";
import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ConfirmDeleteForm } from "~/components/admin/confirm-delete-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { deleteUserByAdmin, getAdminUser } from "~/models/customers/admin.server";
import { guardAction } from "~/web/guard-action.server";
import { requireAdmin } from "~/web/auth.server";
import { idParam, invariantResponse } from "~/utils/invariant";
import { redirectWithToast } from "~/web/toast.server";

/*
 * Deleting a user with all their personal data (decision 055, requestedBy "admin") is confirmed
 * on a page of its own, so it works the same without JavaScript: only this form's POST deletes.
 */

const USER_NOT_FOUND = ADMIN_USER_REFUSALS.notFound;
const REFUSALS = DELETE_USER_REFUSALS;

export const meta: MetaFunction = () => [{ title: "Eliminar usuario | Panel Administrativo" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const user = await getAdminUser(idParam(params.userId, USER_NOT_FOUND));
  invariantResponse(user, USER_NOT_FOUND, { status: 404 });
  const { id, firstName, lastName, email } = user;
  return json({ user: { id, firstName, lastName, email }, isSelf: id === admin.id });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await guardAction(request);
  const admin = await requireAdmin(request);
  const id = idParam(params.userId, USER_NOT_FOUND);
  const deleted = await deleteUserByAdmin(admin.id, id);
  if (!deleted.ok) {
    const back = deleted.error === "not-found" ? "/admin/users" : `/admin/users/${id}`;
    return redirectWithToast(request, back, {
      type: "error",
      title: "Error al eliminar el usuario",
      description: REFUSALS[deleted.error],
    });
  }
  return redirectWithToast(request, "/admin/users", { title: "Usuario eliminado" });
}

export default function DeleteUserRoute() {
  const { user, isSelf } = useLoaderData<typeof loader>();
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  return (
    <div className="max-w-xl space-y-6">
      <div>
        <Link to={`/admin/users/${user.id}`} className="text-accent text-sm underline">
          ← {name}
        </Link>
        <h1 className="mt-2 text-2xl font-semibold">Eliminar usuario</h1>
      </div>
      {isSelf ? (
        <p>{REFUSALS.self} Tu cuenta se elimina desde tu perfil.</p>
      ) : (
        <ConfirmDeleteForm cancelTo={`/admin/users/${user.id}`} submitLabel="Sí, eliminar usuario">
          ¿Seguro que quieres eliminar a <strong>{name}</strong> ({user.email})? Se borran sus datos
          personales, su carrito, favoritos, puntos, cupones, reseñas e historial; sus pedidos
          quedan en los registros de la tienda sin sus datos. Esta acción no se puede deshacer.
        </ConfirmDeleteForm>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
