import { GeneralErrorBoundary } from "~/components/error-boundary";
import { NotFoundScreen } from "~/components/error-screen";
import { invariantResponse } from "~/utils/invariant";

// Any path no route claims: the spec's 404 screen, inside the store's header and footer.
export function loader() {
  invariantResponse(false, "La página que buscas no existe.", { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFoundScreen />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
