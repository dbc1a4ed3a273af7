import { z } from "zod/v4";
import { MAX_ID } from "~/utils/invariant";
import type { CallDefinition } from "./calls.server";
import { apiCalls } from "./registry.server";

/*
 * The OpenAPI 3.1 document of every call (issue 25), generated from the declarations the routes
 * serve (registry.server.ts): each call's query, body and answer are the zod schemas its route
 * checks, said as JSON Schema 2020-12 by zod itself (`z.toJSONSchema`), so the document cannot
 * disagree with the routes.
 */

type JsonSchema = Record<string, unknown>;

const problemSchema: JsonSchema = {
  type: "object",
  description: "RFC 9457: el único formato de error de la API.",
  properties: {
    type: { type: "string" },
    title: { type: "string" },
    status: { type: "integer" },
    detail: { type: "string", description: "Mensaje en español para mostrar." },
    code: { type: "string", description: "Motivo para programas (`invalid_token`…)." },
    errors: {
      type: "object",
      description: "Mensajes de cada campo, por su ruta (`items.0.quantity`).",
      additionalProperties: { type: "array", items: { type: "string" } },
    },
  },
  required: ["type", "title", "status", "detail"],
};

const ERROR_TEXT: Record<number, string> = {
  400: "Solicitud incorrecta (JSON mal formado, parámetros no válidos)",
  401: "Sin sesión ni token válido",
  403: "Sin permiso (otro cliente, nivel o alcance del token, origen)",
  404: "No existe, o no es tuyo",
  405: "Método no permitido",
  409: "Conflicto de stock o de estado",
  413: "Contenido demasiado grande",
  415: "Tipo de contenido no admitido",
  422: "Datos no válidos, con los mensajes de cada campo",
  429: "Demasiadas solicitudes (ver Retry-After)",
  503: "Tienda en mantenimiento",
};

/**
 * The schemas every operation shares (`.meta({ id })` on a zod schema), kept once under
 * `components.schemas`: zod writes them under each schema's own `$defs`, which in an OpenAPI
 * document would resolve against the document's root, so they move there. A schema whose input
 * form differs from its output form (a default makes a field optional) is kept twice, the input
 * one named `…Input`.
 */
type Components = Record<string, JsonSchema>;

function register(components: Components, id: string, schema: JsonSchema, io: "input" | "output") {
  const { id: _id, ...clean } = schema;
  const text = JSON.stringify(clean);
  for (const key of io === "output" ? [id, `${id}Output`] : [id, `${id}Input`]) {
    if (!components[key] || JSON.stringify(components[key]) === text) {
      components[key] = clean;
      return key;
    }
  }
  throw new Error(`Two different schemas are both named ${id}`);
}

/** zod's JSON Schema for a call's part, its shared schemas moved to `components`. */
function jsonSchema(schema: z.ZodType, io: "input" | "output", components: Components): JsonSchema {
  const {
    $schema: _dialect,
    $defs,
    ...root
  } = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    target: "draft-2020-12",
  }) as JsonSchema & {
    $defs?: Record<string, JsonSchema>;
  };
  const names = new Map<string, string>();
  for (const [id, definition] of Object.entries($defs ?? {})) {
    names.set(id, register(components, id, definition, io));
  }
  const rewrite = (value: JsonSchema) =>
    JSON.parse(
      JSON.stringify(value).replace(
        /"#\/\$defs\/([^"]+)"/g,
        (_, id: string) => `"#/components/schemas/${names.get(id) ?? id}"`,
      ),
    ) as JsonSchema;
  for (const name of names.values()) components[name] = rewrite(components[name]!);
  if (typeof root.id === "string") {
    return { $ref: `#/components/schemas/${register(components, root.id, rewrite(root), io)}` };
  }
  return rewrite(root);
}

function queryParameters(schema: z.ZodType, components: Components) {
  const object = jsonSchema(schema, "input", components) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: "query",
    required: object.required?.includes(name) ?? false,
    ...(typeof property.description === "string" ? { description: property.description } : {}),
    schema: property,
  }));
}

function pathParameters(call: CallDefinition) {
  return Object.entries(call.params ?? {}).map(([name, kind]) => ({
    name,
    in: "path",
    required: true,
    schema:
      kind === "integer" ? { type: "integer", minimum: 1, maximum: MAX_ID } : { type: "string" },
  }));
}

function problemResponse(description: string) {
  return {
    description,
    content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
  };
}

function operation(call: CallDefinition, components: Components) {
  const status = call.status ?? 200;
  const writes = call.method !== "GET";
  const errors = new Set<number>([...(call.errors ?? []), 429]);
  if (call.access === "customer" || call.access === "admin") errors.add(401);
  if (call.access === "admin" || writes) errors.add(403);
  if (call.query || call.params) errors.add(400);
  if (call.params) errors.add(404);
  if (call.body || call.multipart) [400, 413, 415, 422].forEach((code) => errors.add(code));
  if (writes) errors.add(503);

  const responses: Record<string, unknown> = {
    [status]:
      status === 204 || !call.response
        ? { description: "Hecho" }
        : {
            description: "Respuesta",
            ...(call.etag ? { headers: { ETag: { schema: { type: "string" } } } } : {}),
            content: {
              "application/json": { schema: jsonSchema(call.response, "output", components) },
              ...(call.pdf
                ? { "application/pdf": { schema: { type: "string", format: "binary" } } }
                : {}),
            },
          },
  };
  if (call.etag) responses["304"] = { description: "Sin cambios desde el ETag enviado" };
  for (const code of [...errors].sort()) {
    responses[code] = problemResponse(ERROR_TEXT[code] ?? "Error");
  }

  const security =
    call.access === "public" || call.access === "shopper"
      ? [{}, { bearerAuth: [] }, { sessionCookie: [] }]
      : [{ bearerAuth: [] }, { sessionCookie: [] }];

  return {
    operationId: `${call.method.toLowerCase()}${call.path
      .replace(/[{}]/g, "")
      .split(/[/.-]/)
      .filter(Boolean)
      .map((part) => part[0]!.toUpperCase() + part.slice(1))
      .join("")}`,
    tags: [call.tag],
    summary: call.summary,
    description: [
      call.description,
      `Acceso: ${ACCESS_TEXT[call.access]}${writes ? " Requiere un token de lectura y escritura." : ""}`,
    ]
      .filter(Boolean)
      .join("\n\n"),
    parameters: [
      ...pathParameters(call),
      ...(call.query ? queryParameters(call.query, components) : []),
    ],
    ...(call.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: jsonSchema(call.body, "input", components) } },
          },
        }
      : {}),
    ...(call.multipart
      ? {
          requestBody: {
            required: true,
            content: {
              "multipart/form-data": {
                schema: {
                  type: "object",
                  properties: Object.fromEntries(
                    Object.entries(call.multipart).map(([name, part]) => [
                      name,
                      part.type === "file"
                        ? {
                            type: "string",
                            contentMediaType: "application/octet-stream",
                            description: part.description,
                          }
                        : { type: "string", description: part.description },
                    ]),
                  ),
                  required: Object.entries(call.multipart)
                    .filter(([, part]) => part.required)
                    .map(([name]) => name),
                },
              },
            },
          },
        }
      : {}),
    responses,
    security,
  };
}

const ACCESS_TEXT: Record<CallDefinition["access"], string> = {
  public: "cualquiera.",
  shopper: "cualquiera; compra como la cuenta del token o de la sesión, o como invitado.",
  customer: "una cuenta (sesión, o token de nivel cliente o administrador).",
  admin: "un administrador (sesión, o token de nivel administrador).",
};

export function openApiDocument(calls: readonly CallDefinition[] = apiCalls) {
  const paths: Record<string, Record<string, unknown>> = {};
  const components: Components = { Problem: problemSchema };
  for (const call of calls) {
    (paths[call.path] ??= {})[call.method.toLowerCase()] = operation(call, components);
  }
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "Perfumería de Lujo: API",
      version: "1.0.0",
      description:
        "La tienda como API JSON: las mismas reglas y mensajes que sus páginas. Importes en centavos de lempira (L 1,00 = 100). Listas paginadas con `page` y `limit`. Errores en `application/problem+json`.",
    },
    servers: [{ url: "/" }],
    tags: [...new Set(calls.map((call) => call.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          description: "Un token creado en /admin/api-tokens (se muestra una sola vez).",
        },
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: "perfumeria_session",
          description:
            "La sesión del navegador (`__Host-perfumeria_session` en HTTPS); los cambios solo desde este sitio (Origin).",
        },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
