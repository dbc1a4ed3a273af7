/**
 * The one way a loader or action stops with a 4xx page: `invariantResponse(order, "Pedido no
 * encontrado", { status: 404 })`. The JSON body's `message` is what the error boundary shows
 * (GeneralErrorBoundary in app/components/error-boundary.tsx). Client-safe: no server imports.
 */
export function invariantResponse(
  condition: unknown,
  message: string,
  init: ResponseInit = { status: 400 },
): asserts condition {
  if (condition) return;
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  throw new Response(JSON.stringify({ message }), { ...init, headers });
}

/**
 * The largest id a table holds: ids are 32-bit integers on PostgreSQL (SQLite's go further), so
 * a larger number names nothing, and must not reach a query, where it would overflow.
 */
export const MAX_ID = 2_147_483_647;

/**
 * A numeric id from the URL (`/admin/brands/12`), or the 404 page with `notFound` when the
 * segment is not a positive whole number: `const id = idParam(params.brandId, "Marca no
 * encontrada")`.
 */
export function idParam(value: string | undefined, notFound: string) {
  const id = Number(value);
  invariantResponse(Number.isSafeInteger(id) && id > 0 && id <= MAX_ID, notFound, { status: 404 });
  return id;
}
