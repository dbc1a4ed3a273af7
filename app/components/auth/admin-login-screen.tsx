import type { SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { AuthCard } from "./auth-card";
import { LoginForm } from "./login-form";

/** /admin-access and /admin/login: the same form, for administrators only. */
export function AdminLoginScreen({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  return (
    <AuthCard
      title="Acceso administrativo"
      subtitle="Solo para administradores de la tienda."
      footer={
        <Link to="/" className="underline">
          Volver a la tienda
        </Link>
      }
    >
      <LoginForm lastResult={lastResult} errorTitle="Error de autenticación" />
    </AuthCard>
  );
}
