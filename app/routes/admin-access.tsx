import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { AdminLoginScreen } from "~/components/auth/admin-login-screen";
import { adminLoginLoader, handleLogin } from "~/web/login.server";

// Open during maintenance mode (maintenance.server.ts), outside the store and admin layouts.
export const meta: MetaFunction = () => [
  { title: "Acceso administrativo | Perfumería de Lujo" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  return adminLoginLoader(request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleLogin(request, { adminOnly: true, clientIp: context.clientIp ?? "unknown" });
}

export default function AdminLoginRoute() {
  const actionData = useActionData<typeof action>();
  return <AdminLoginScreen lastResult={actionData?.result} />;
}
