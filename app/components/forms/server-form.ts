import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useRef } from "react";
import type { z } from "zod/v4";

/*
 * The back office's forms validate on the server only (decision 054): the action still
 * answers with conform's `submission.reply()`, and this hook renders that answer without
 * conform's browser runtime or zod, which would cost an admin page a quarter of its 100 KB
 * JS budget. The ids follow conform's (`product-price`,
 * `product-price-error`, `product-error`), so labels and error messages keep their wiring.
 */

type Value = string | string[] | undefined;

/** The keys of each member of a union. */
type KeysOf<T> = T extends unknown ? keyof T & string : never;

/**
 * The names a form's fields may take: the keys of its schema's input (of each member, for a
 * union of intents; of its output when the input is typed `unknown`). A route's component imports
 * the schema's type from the action's `*.server.ts` parser (a type import, erased from the bundle),
 * so both read one schema (decision 091). A shared component in app/components takes the names
 * as a union of strings from its model's client-safe module instead, which the parser checks
 * against its schema.
 */
export type FieldName<Schema extends z.ZodType | string> = Schema extends string
  ? Schema
  : Schema extends z.ZodType
    ? KeysOf<unknown extends z.input<Schema> ? z.output<Schema> : z.input<Schema>>
    : never;

/** What a form starts with, as its inputs show it: text, a list of checked choices, or "on". */
export type FormValues = Record<string, Value>;

export type ServerField = {
  id: string;
  name: string;
  errorId: string;
  /** The server's messages for this field after a failed post. */
  errors: string[] | undefined;
  /** What the post carried (after a failed post) or the form's default. */
  initialValue: Value;
};

function valueOf(value: unknown): Value {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.filter((item) => typeof item === "string");
  return undefined;
}

/**
 * One form's fields from the action's last reply, or from `defaultValue` before any post. With
 * JS on, a failed post moves the focus to the first invalid field, as conform did. `Extra` names
 * a field the action answers about outside the schema (an uploaded file's refusal).
 */
export function useServerForm<
  Schema extends z.ZodType | string = string,
  Extra extends string = never,
>({
  id,
  lastResult,
  defaultValue,
}: {
  id: string;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue: FormValues;
}) {
  const ref = useRef<HTMLFormElement>(null);
  const errors = lastResult?.error ?? {};
  const values: Record<string, unknown> = lastResult?.initialValue ?? defaultValue;
  const formErrors = errors[""] ?? undefined;
  const errorId = `${id}-error`;

  useEffect(() => {
    if (lastResult?.status !== "error") return;
    ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [lastResult]);

  return {
    form: {
      id,
      errorId,
      errors: formErrors,
      /** The last post was refused (for the form or for any of its fields). */
      refused: lastResult?.status === "error",
      /** Spread on the <Form>: the browser's own checks stay off, the server's messages show. */
      props: {
        id,
        ref,
        noValidate: true,
        "aria-invalid": formErrors ? true : undefined,
        "aria-describedby": formErrors ? errorId : undefined,
      },
    },
    field(name: FieldName<Schema> | Extra): ServerField {
      const fieldId = `${id}-${name}`;
      return {
        id: fieldId,
        name,
        errorId: `${fieldId}-error`,
        errors: errors[name] ?? undefined,
        initialValue: valueOf(values[name]),
      };
    },
  };
}

function invalidProps(field: ServerField) {
  return {
    "aria-invalid": field.errors ? true : undefined,
    "aria-describedby": field.errors ? field.errorId : undefined,
  } as const;
}

/** id, name, defaultValue and error wiring of a text input, a select or a textarea. */
export function controlProps(field: ServerField) {
  const { initialValue } = field;
  return {
    id: field.id,
    name: field.name,
    defaultValue: Array.isArray(initialValue) ? initialValue[0] : initialValue,
    ...invalidProps(field),
  };
}

/** The props of a `<Field>` (components/ui/input.tsx): the control's, and its messages. */
export function fieldProps(field: ServerField) {
  return { ...controlProps(field), errors: field.errors };
}

/** A checkbox posting "on", checked when the value is "on". */
export function checkboxProps(field: ServerField) {
  return {
    id: field.id,
    name: field.name,
    type: "checkbox",
    value: "on",
    defaultChecked: field.initialValue === "on",
    ...invalidProps(field),
  } as const;
}
