import { Outlet } from "@remix-run/react";

/** Sign-in screens: a focused page without the store's header and footer. */
export default function AuthLayout() {
  return <Outlet />;
}
