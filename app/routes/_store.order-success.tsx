import { redirect, type LoaderFunctionArgs } from "@remix-run/node";

// storefront.md §2: /order-success?order={id} is only a redirect target.
export function loader({ request }: LoaderFunctionArgs) {
  const order = new URL(request.url).searchParams.get("order");
  return redirect(order ? `/order-confirmation/${encodeURIComponent(order)}` : "/profile");
}
