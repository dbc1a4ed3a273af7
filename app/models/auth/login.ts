/*
 * The sign-in form of /login, /admin-access and /admin/login (components/auth/login-form.tsx):
 * the names of its fields. Its schema is the action's (`LoginSchema`, login.server.ts), which
 * fails to compile when these names and its keys differ (decisions 091, 109).
 */
export type LoginFormField = "email" | "password" | "redirectTo";
