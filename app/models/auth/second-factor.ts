/*
 * The second step's form (/admin-access/verificar and /admin-access/configurar, decision 163):
 * the names of its fields. Its schema is the action's (`SecondFactorSchema`,
 * web/two-factor.server.ts), which fails to compile when these names and its keys differ.
 */
export type SecondFactorFormField = "code" | "remember";
