/** /admin/settings is its General tab: the same module as every other tab. */
export { action, ErrorBoundary, loader, meta, default } from "./admin.settings.$tab";
