import type { OpenApiDocument } from "./openapi.server";

/*
 * /api/docs: the OpenAPI document as one readable HTML page, written on the server with no
 * script (a reader's office PC or phone needs none), grouped by tag, each call with who may make
 * it, its parameters, its body, its answers and their schemas.
 */

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `code` spans for the document's backticks; everything else escaped. */
const prose = (text: string) =>
  escape(text)
    .replace(/`([^`]+)`/g, "<code>$1</code>")
    .split(/\n\n+/)
    .map((paragraph) => `<p>${paragraph}</p>`)
    .join("");

const pretty = (value: unknown) => `<pre>${escape(JSON.stringify(value, null, 2))}</pre>`;

type Operation = {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  parameters: Array<{
    name: string;
    in: string;
    required: boolean;
    description?: string;
    schema: unknown;
  }>;
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
};

function operationHtml(method: string, path: string, op: Operation) {
  const parameters = op.parameters.length
    ? `<table><caption>Parámetros</caption><thead><tr><th scope="col">Nombre</th><th scope="col">En</th><th scope="col">Obligatorio</th><th scope="col">Esquema</th></tr></thead><tbody>${op.parameters
        .map(
          (p) =>
            `<tr><td><code>${escape(p.name)}</code></td><td>${p.in === "path" ? "ruta" : "consulta"}</td><td>${p.required ? "sí" : "no"}</td><td><code>${escape(JSON.stringify(p.schema))}</code></td></tr>`,
        )
        .join("")}</tbody></table>`
    : "";
  const body = op.requestBody
    ? Object.entries(op.requestBody.content)
        .map(
          ([type, { schema }]) =>
            `<details><summary>Cuerpo (<code>${escape(type)}</code>)</summary>${pretty(schema)}</details>`,
        )
        .join("")
    : "";
  const responses = Object.entries(op.responses)
    .map(([status, response]) => {
      const content = Object.entries(response.content ?? {})
        .filter(([type]) => type === "application/json")
        .map(([, { schema }]) => `<details><summary>Esquema</summary>${pretty(schema)}</details>`)
        .join("");
      return `<li><strong>${escape(status)}</strong> ${escape(response.description)}${content}</li>`;
    })
    .join("");
  return `<section id="${escape(op.operationId)}" aria-labelledby="${escape(op.operationId)}-h">
<h3 id="${escape(op.operationId)}-h"><span class="method">${method.toUpperCase()}</span> <code>${escape(path)}</code></h3>
<p><strong>${escape(op.summary)}</strong></p>${prose(op.description)}${parameters}${body}
<h4>Respuestas</h4><ul>${responses}</ul></section>`;
}

/** The page in the store's theme: the visitor's choice, or the system's when they chose none. */
/**
 * The problem types of their own (RFC 9457 §3.1.1) a client must act on; every other error is
 * `about:blank`, its HTTP status saying what happened. Their `type` links here.
 */
const PROBLEM_TYPES = `<h2 id="problemas">Tipos de problema</h2>
<section id="second-factor-required"><h3><code>/api/docs#second-factor-required</code></h3>
<p>La cuenta es de un administrador y falta la verificación en dos pasos (decisión 163): al iniciar sesión, envía <code>code</code> con el código de 6 dígitos de la aplicación de autenticación o un código de recuperación. Un cambio de rol o de contraseña con una sesión cuyo último código tiene más de 10 minutos responde igual (<code>code: "second_factor_stale"</code>): vuelve a iniciar sesión con tu código.</p></section>
<section id="second-factor-setup-required"><h3><code>/api/docs#second-factor-setup-required</code></h3>
<p>El administrador aún no configuró la verificación en dos pasos: debe entrar una vez por <a href="/admin-access">/admin-access</a>, donde la configura.</p></section>`;

export function referencePage(document: OpenApiDocument, theme: "light" | "dark" | "system") {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(methods as Record<string, Operation>)) {
      const tag = op.tags[0] ?? "API";
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, op)]);
    }
  }
  const entries = [...byTag.keys()].map((tag) => [`tag-${tag}`, tag]);
  const toc = [...entries, ["problemas", "Tipos de problema"]]
    .map(([id, label]) => `<li><a href="#${escape(id)}">${escape(label)}</a></li>`)
    .join("");
  const sections = [...byTag.entries()]
    .map(([tag, ops]) => `<h2 id="tag-${escape(tag)}">${escape(tag)}</h2>${ops.join("")}`)
    .join("");
  return `<!doctype html>
<html lang="es-HN"${theme === "system" ? "" : ` class="${theme}"`}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(document.info.title)}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;color:#1c1917;background:#fff}
h1{font-size:1.75rem}h2{margin-top:2.5rem;border-bottom:2px solid #78350f}h3{font-size:1.1rem;margin-bottom:.25rem}
section{border-top:1px solid #d6d3d1;padding:.5rem 0}
.method{display:inline-block;min-width:4.5rem;font-family:ui-monospace,monospace;color:#fff;background:#78350f;border-radius:4px;padding:0 .4rem;text-align:center}
code,pre{font-family:ui-monospace,monospace;font-size:.875rem}pre{background:#f5f5f4;padding:.75rem;overflow:auto}
table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #d6d3d1;padding:.25rem .5rem;text-align:left;vertical-align:top}caption{text-align:left;font-weight:600}
a{color:#78350f}a:focus-visible,summary:focus-visible{outline:3px solid #b45309;outline-offset:2px}
.dark body{color:#f5f5f4;background:#1c1917}.dark pre{background:#292524}.dark a{color:#fbbf24}.dark .method{background:#fbbf24;color:#1c1917}.dark h2{border-color:#fbbf24}.dark :focus-visible{outline-color:#fbbf24}
@media (prefers-color-scheme:dark){html:not(.light) body{color:#f5f5f4;background:#1c1917}html:not(.light) pre{background:#292524}html:not(.light) a{color:#fbbf24}html:not(.light) .method{background:#fbbf24;color:#1c1917}html:not(.light) h2{border-color:#fbbf24}html:not(.light) :focus-visible{outline-color:#fbbf24}}
</style>
</head>
<body>
<header><h1>${escape(document.info.title)}</h1>${prose(document.info.description)}
<p>El documento OpenAPI 3.1: <a href="/api/openapi.json">/api/openapi.json</a>. Autenticación: la sesión del navegador, o <code>Authorization: Bearer &lt;token&gt;</code> con un token creado en el panel (Tokens de API).</p>
<nav aria-label="Secciones"><ul>${toc}</ul></nav></header>
<main>${sections}${PROBLEM_TYPES}</main>
</body>
</html>`;
}
