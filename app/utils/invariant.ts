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
 * A numeric id from the URL (`/admin/brands/12`), or the 404 page with `notFound` when the
 * segment is not a positive whole number: `const id = idParam(params.brandId, "Marca no
 * encontrada")`.
 */
export function idParam(value: string | undefined, notFound: string) {
  const id = Number(value);
  invariantResponse(Number.isSafeInteger(id) && id > 0, notFound, { status: 404 });
  return id;
}
