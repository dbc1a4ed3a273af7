import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import fc from "fast-check";

/*
 * A property-based fuzzer driven by the API's OpenAPI document (issue 25): for every operation
 * it sends requests made from the operation's own schemas (valid values, edge values, and
 * values that break the schema on purpose), as a visitor, a customer and an admin, and checks
 * each answer: never a 5xx, a status the document lists for the operation, and a body that
 * matches the schema the document gives for that status (validated with Ajv, JSON Schema
 * 2020-12). Used by tests/integration/api/fuzz.test.ts and `npm run fuzz:api`.
 */

type Schema = Record<string, unknown>;
type Parameter = { name: string; in: "query" | "path"; required: boolean; schema: Schema };
type Operation = {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
};
export type OpenApi = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** Values that satisfy `schema` (as far as a generator can: patterns are left to chance). */
export function valueFor(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  if ("const" in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const union = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (union) return fc.oneof(...union.map((member) => valueFor(member, depth + 1)));
  if (Array.isArray(schema.allOf)) return valueFor(schema.allOf[0] as Schema, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type : [schema.type];
  const choices = type.map((one) => valueOfType(one as string | undefined, schema, depth));
  return choices.length === 1 ? choices[0]! : fc.oneof(...choices);
}

function valueOfType(
  type: string | undefined,
  schema: Schema,
  depth: number,
): fc.Arbitrary<unknown> {
  switch (type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer": {
      const min = numberOr(schema.minimum, numberOr(schema.exclusiveMinimum, -1_000_000) + 1);
      const max = numberOr(schema.maximum, numberOr(schema.exclusiveMaximum, 1_000_000) - 1);
      return fc.oneof(
        fc.integer({ min: Math.max(min, -MAX_SAFE), max: Math.min(max, MAX_SAFE) }),
        fc.constantFrom(...[min, max, 1].filter((v) => v >= min && v <= max)),
      );
    }
    case "number": {
      const min = numberOr(schema.minimum, -1_000_000);
      const max = numberOr(schema.maximum, 1_000_000);
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case "string": {
      const minLength = numberOr(schema.minLength, 0);
      const maxLength = Math.min(numberOr(schema.maxLength, 40), minLength + 60);
      if (schema.format === "email") return fc.emailAddress();
      return fc.oneof(
        fc.string({ minLength, maxLength }),
        fc.string({ unit: "grapheme", minLength, maxLength }),
        fc
          .constantFrom("Perfume ñandú", "1", "0", "-1", "true", " ")
          .filter((text) => text.length >= minLength && text.length <= maxLength),
      );
    }
    case "array": {
      const items = (schema.items as Schema | undefined) ?? {};
      return fc.array(depth > 3 ? fc.constant(null) : valueFor(items, depth + 1), {
        minLength: numberOr(schema.minItems, 0),
        maxLength: Math.min(numberOr(schema.maxItems, 4), 4),
      });
    }
    case "object":
    case undefined: {
      const properties = (schema.properties as Record<string, Schema> | undefined) ?? {};
      if (Object.keys(properties).length === 0) return fc.dictionary(fc.string(), fc.jsonValue());
      const required = (schema.required as string[] | undefined) ?? [];
      return fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([name, property]) => [
            name,
            valueFor(property, depth + 1),
          ]),
        ),
        { requiredKeys: required },
      );
    }
    default:
      return fc.jsonValue();
  }
}

function numberOr(value: unknown, fallback: number) {
  return typeof value === "number" ? value : fallback;
}

/** Input that may break the schema: any JSON, or a valid object with one field of any JSON. */
export function breakingValueFor(schema: Schema): fc.Arbitrary<unknown> {
  const properties = Object.keys((schema.properties as Record<string, Schema>) ?? {});
  const arbitraries: fc.Arbitrary<unknown>[] = [fc.jsonValue({ maxDepth: 3 })];
  if (properties.length > 0) {
    arbitraries.push(
      fc
        .tuple(valueFor(schema), fc.constantFrom(...properties), fc.jsonValue({ maxDepth: 2 }))
        .map(([value, key, wrong]) => ({ ...(value as object), [key]: wrong })),
    );
  }
  return fc.oneof(...arbitraries);
}

/** Who sends: `headers` is asked once per request (to spread a role's calls over several tokens). */
export type FuzzCaller = { name: string; headers: () => Record<string, string> };

export type FuzzRequest = {
  method: string;
  path: string;
  operation: Operation;
  url: string;
  body?: string;
  contentType?: string;
};

/** One request for an operation: its path and query made from its parameters, and its body. */
function requestFor(
  method: string,
  path: string,
  operation: Operation,
  ids: number[],
): fc.Arbitrary<FuzzRequest> {
  const parameters = operation.parameters ?? [];
  const pathValues = fc.record(
    Object.fromEntries(
      parameters
        .filter((p) => p.in === "path")
        .map((p) => [
          p.name,
          p.schema.type === "integer"
            ? fc.oneof(
                fc.constantFrom(...ids),
                fc.integer({ min: 1, max: MAX_SAFE }),
                fc.constantFrom("0", "-3", "abc", "1.5"),
              )
            : fc.oneof(
                fc.string({ minLength: 1, maxLength: 30 }),
                fc.constantFrom("tracking", "faq", "returns", "warranty"),
              ),
        ]),
    ),
  );
  const query = parameters.filter((p) => p.in === "query");
  const queryValues = fc.oneof(
    fc.record(Object.fromEntries(query.map((p) => [p.name, valueFor(p.schema)])), {
      requiredKeys: query.filter((p) => p.required).map((p) => p.name),
    }),
    fc.dictionary(fc.constantFrom(...query.map((p) => p.name), "x"), fc.string({ maxLength: 12 })),
  );
  const json = operation.requestBody?.content["application/json"]?.schema;
  const multipart = operation.requestBody?.content["multipart/form-data"];
  const body: fc.Arbitrary<{ body?: string; contentType?: string }> = json
    ? fc.oneof(
        {
          weight: 3,
          arbitrary: valueFor(json).map((value) => ({
            body: JSON.stringify(value),
            contentType: "application/json",
          })),
        },
        {
          weight: 1,
          arbitrary: breakingValueFor(json).map((value) => ({
            body: JSON.stringify(value),
            contentType: "application/json",
          })),
        },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            { body: "{", contentType: "application/json" },
            { body: "a=1", contentType: "application/x-www-form-urlencoded" },
            { body: undefined, contentType: undefined },
          ),
        },
      )
    : multipart
      ? fc.constantFrom(
          { body: "--x--\r\n", contentType: "multipart/form-data; boundary=x" },
          { body: "{}", contentType: "application/json" },
        )
      : fc.constant({});
  return fc.tuple(pathValues, queryValues, body).map(([pathValue, queryValue, sent]) => {
    const filled = path.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(String((pathValue as Record<string, unknown>)[name])),
    );
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(queryValue as Record<string, unknown>)) {
      if (value !== undefined)
        search.set(name, typeof value === "string" ? value : JSON.stringify(value));
    }
    const qs = search.toString();
    return {
      method: method.toUpperCase(),
      path,
      operation,
      url: qs ? `${filled}?${qs}` : filled,
      ...sent,
    };
  });
}

export type FuzzSummary = {
  operations: number;
  requests: number;
  byStatus: Record<string, number>;
  failures: string[];
};

/**
 * Sends `runs` generated requests per operation and caller, sequentially, and returns what
 * came back. `skip` leaves out operations by id (none by default).
 */
export async function fuzzApi({
  baseUrl,
  document,
  callers,
  runs,
  ids = [1, 2, 3],
  seed,
  skip = [],
  afterOperation,
}: {
  baseUrl: string;
  document: OpenApi;
  callers: FuzzCaller[];
  runs: number;
  ids?: number[];
  seed?: number;
  skip?: string[];
  /** Run after each operation's requests (to undo what it may have switched for the rest). */
  afterOperation?: () => Promise<void>;
}): Promise<FuzzSummary> {
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  addFormats(ajv);
  document = deref(document, document.components.schemas) as OpenApi;
  const summary: FuzzSummary = { operations: 0, requests: 0, byStatus: {}, failures: [] };
  const validators = new Map<Schema, ReturnType<typeof ajv.compile>>();
  const validate = (schema: Schema, value: unknown) => {
    let check = validators.get(schema);
    if (!check) {
      check = ajv.compile(schema);
      validators.set(schema, check);
    }
    return check(value) ? null : ajv.errorsText(check.errors);
  };

  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (skip.includes(operation.operationId)) continue;
      summary.operations += 1;
      const samples = fc.sample(requestFor(method, path, operation, ids), { numRuns: runs, seed });
      for (const caller of callers) {
        for (const sample of samples) {
          const failure = await send(baseUrl, caller, sample, validate, summary);
          if (failure) summary.failures.push(failure);
        }
      }
      await afterOperation?.();
    }
  }
  return summary;
}

/** The document with every `#/components/schemas/…` reference replaced by its schema. */
function deref(value: unknown, components: Record<string, Schema>, depth = 0): unknown {
  if (Array.isArray(value)) return value.map((item) => deref(item, components, depth));
  if (!value || typeof value !== "object") return value;
  const ref = (value as Schema).$ref;
  if (typeof ref === "string" && ref.startsWith("#/components/schemas/")) {
    if (depth > 12) return {};
    return deref(components[ref.slice("#/components/schemas/".length)], components, depth + 1);
  }
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, deref(item, components, depth)]),
  );
}

async function send(
  baseUrl: string,
  caller: FuzzCaller,
  request: FuzzRequest,
  validate: (schema: Schema, value: unknown) => string | null,
  summary: FuzzSummary,
): Promise<string | null> {
  const headers: Record<string, string> = { ...caller.headers() };
  if (request.contentType) headers["Content-Type"] = request.contentType;
  const response = await fetch(baseUrl + request.url, {
    method: request.method,
    headers,
    body: request.body,
    redirect: "manual",
  });
  const text = await response.text();
  summary.requests += 1;
  summary.byStatus[response.status] = (summary.byStatus[response.status] ?? 0) + 1;
  const where = `${caller.name} ${request.method} ${request.url}${request.body ? ` ${request.body.slice(0, 200)}` : ""}`;
  if (response.status >= 500 && response.status !== 503) {
    return `${response.status} for ${where}: ${text.slice(0, 300)}`;
  }
  const documented = request.operation.responses[String(response.status)];
  if (!documented) return `undocumented ${response.status} for ${where}: ${text.slice(0, 300)}`;
  const type = (response.headers.get("content-type") ?? "").split(";")[0]!;
  const content = documented.content;
  if (!content) return null;
  const schema = content[type]?.schema;
  if (!schema)
    return `content type ${type || "(none)"} not documented for ${response.status}: ${where}`;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return `not JSON (${response.status}) for ${where}`;
  }
  const error = validate(schema, value);
  return error ? `body outside the document (${response.status}) for ${where}: ${error}` : null;
}
