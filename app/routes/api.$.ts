import { problem } from "~/web/api/problem.server";

/** Any other /api/ address: a problem, not the storefront's HTML 404 page. */
function notFound() {
  return problem(404, "Esta dirección de la API no existe. Consulta /api/docs.");
}

export const loader = notFound;
export const action = notFound;
