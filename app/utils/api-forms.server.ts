import type { z } from "zod";
import { problem, type FieldErrors } from "./api.server";

/*
 * The back office's JSON calls (issue 25) check their input with the screen's own form schema
 * (zod 3, the same rules and Spanish messages as the form), after the call's zod/v4 schema has
 * checked the JSON's types for the OpenAPI document. A refusal is the API's 422 with each
 * field's message, as readJsonBody words its own.
 */
export function checkedByForm<Schema extends z.ZodTypeAny>(
  schema: Schema,
  value: unknown,
): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw formProblem(
    parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })),
  );
}

/** A 422 with field errors, for a rule a model reports after the schema passed (a taken name). */
export function formProblem(issues: { path: string; message: string }[]) {
  const errors: FieldErrors = {};
  for (const issue of issues) (errors[issue.path || "_"] ??= []).push(issue.message);
  return problem(422, "Revisa los datos enviados.", { errors });
}
