import { escapeHtml } from "../web/head";

/** The OpenAPI document as one readable page, server-rendered, without scripts (GET /api/docs). */

type Json = Record<string, unknown>;
type Schema = {
  $ref?: string;
  type?: string | string[];
  items?: Schema;
  prefixItems?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  description?: string;
};

const STYLE = `body{font-family:system-ui,sans-serif;margin:0 auto;max-width:72rem;padding:1rem 1.5rem;line-height:1.45;color:#1a202c;background:#fff}
h1{margin-bottom:.25rem}h2{border-bottom:2px solid #e2e8f0;margin-top:2.5rem}h3{margin:0;font-size:1.05rem}
article{border:1px solid #e2e8f0;border-radius:.4rem;padding:.75rem 1rem;margin:1rem 0}
.method{display:inline-block;min-width:4.2rem;font-weight:700;font-family:monospace}
.GET{color:#1f6f43}.POST{color:#1e4e8c}.PUT{color:#8a5300}.DELETE{color:#a61b1b}
table{border-collapse:collapse;margin:.5rem 0;width:100%}th,td{text-align:left;border-bottom:1px solid #edf2f7;padding:.25rem .5rem;vertical-align:top}
code{font-family:monospace}pre{background:#f7fafc;padding:.5rem;overflow:auto}a{color:#1e4e8c}
nav ul{columns:2}@media (prefers-color-scheme:dark){body{background:#171923;color:#e2e8f0}article,th,td{border-color:#2d3748}pre{background:#1a202c}a,.POST{color:#90cdf4}.GET{color:#9ae6b4}.PUT{color:#fbd38d}.DELETE{color:#feb2b2}}`;

const anchorOf = (text: string) => text.replace(/[^A-Za-z0-9_-]+/g, "-");
const schemaLink = (ref: string) => {
  const name = ref.replace("#/components/schemas/", "");
  return `<a href="#schema-${anchorOf(name)}">${escapeHtml(name)}</a>`;
};

/** A schema in a few words of HTML: a link for a named schema, `T[]` for a list, `a | b` for a choice. */
export function typeText(schema: Schema | undefined): string {
  if (!schema || Object.keys(schema).length === 0) return "any";
  if (schema.$ref) return schemaLink(schema.$ref);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return choices.map(typeText).join(" | ");
  if (schema.const !== undefined) return `<code>${escapeHtml(JSON.stringify(schema.const))}</code>`;
  if (schema.enum) return schema.enum.map((v) => `<code>${escapeHtml(JSON.stringify(v))}</code>`).join(" | ");
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return (
    types
      .map((t) => {
        if (t === "array" && schema.prefixItems) return `[${schema.prefixItems.map(typeText).join(", ")}]`;
        if (t === "array") return `${typeText(schema.items)}[]`;
        return escapeHtml(schema.format ? `${t} (${schema.format})` : t);
      })
      .join(" | ") || "any"
  );
}

/** An object's fields as a table (name, type, required, description); anything else as its type. */
function fieldsTable(schema: Schema): string {
  if (!schema.properties) return `<p>${typeText(schema)}</p>`;
  const required = new Set(schema.required ?? []);
  const rows = Object.entries(schema.properties).map(
    ([name, field]) =>
      `<tr><td><code>${escapeHtml(name)}</code></td><td>${typeText(field)}</td><td>${required.has(name) ? "yes" : "no"}</td><td>${escapeHtml(field.description ?? "")}</td></tr>`,
  );
  return `<table><thead><tr><th>Field</th><th>Type</th><th>Required</th><th>About</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

function parametersTable(parameters: Json[]): string {
  if (!parameters.length) return "";
  const rows = parameters.map(
    (p) =>
      `<tr><td><code>${escapeHtml(String(p.name))}</code></td><td>${escapeHtml(String(p.in))}</td><td>${typeText(p.schema as Schema)}</td><td>${p.required ? "yes" : "no"}</td><td>${escapeHtml(String(p.description ?? ""))}</td></tr>`,
  );
  return `<h4>Parameters</h4><table><thead><tr><th>Name</th><th>In</th><th>Type</th><th>Required</th><th>About</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

function contentText(content: Json | undefined): string {
  if (!content) return "";
  return Object.entries(content as Record<string, { schema?: Schema }>)
    .map(([mediaType, { schema }]) => {
      if (schema?.properties) return ` <code>${escapeHtml(mediaType)}</code>${fieldsTable(schema)}`;
      return ` <code>${escapeHtml(mediaType)}</code> ${typeText(schema)}`;
    })
    .join("");
}

/** Who may call an operation, from its `security`: public ones list no credentials (`{}`) among the ways. */
function accessText(op: Json): string {
  const ways = (op.security as Json[] | undefined) ?? [];
  if (ways.some((w) => Object.keys(w).length === 0)) return "Open to anyone; signed in, the answer may say more.";
  return "Sign in first: the session cookie (with the X-CSRF-Token header on writes) or Authorization: Bearer.";
}

function operationHtml(method: string, path: string, op: Json): string {
  const responses = Object.entries(op.responses as Record<string, { description: string; content?: Json }>)
    .map(([status, r]) => `<li><strong>${escapeHtml(status)}</strong> ${escapeHtml(r.description)}.${contentText(r.content)}</li>`)
    .join("");
  const body = op.requestBody ? `<h4>Request body</h4><div>${contentText((op.requestBody as { content: Json }).content)}</div>` : "";
  const M = method.toUpperCase();
  return `<article id="${escapeHtml(anchorOf(String(op.operationId)))}"><h3><span class="method ${M}">${M}</span> <code>${escapeHtml(path)}</code></h3>
<p>${escapeHtml(String(op.summary ?? ""))}</p><p class="access">${escapeHtml(accessText(op))}</p>${op.description ? `<p>${escapeHtml(String(op.description))}</p>` : ""}${parametersTable((op.parameters as Json[]) ?? [])}${body}<h4>Answers</h4><ul>${responses}</ul></article>`;
}

/** The whole page: a contents list by tag, each operation, then every named schema. */
export function renderDocsPage(doc: Json): string {
  const info = doc.info as { title: string; version: string; description?: string };
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(item)) {
      const tag = ((op.tags as string[]) ?? ["Other"])[0];
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, op)]);
    }
  }
  const tags = [...byTag.keys()];
  const contents = tags.map((t) => `<li><a href="#tag-${anchorOf(t)}">${escapeHtml(t)}</a> (${byTag.get(t)!.length})</li>`).join("");
  const sections = tags.map((t) => `<section><h2 id="tag-${anchorOf(t)}">${escapeHtml(t)}</h2>${byTag.get(t)!.join("\n")}</section>`).join("\n");
  const schemas = Object.entries((doc.components as { schemas: Record<string, Schema> }).schemas)
    .map(([name, schema]) => `<section id="schema-${anchorOf(name)}"><h3>${escapeHtml(name)}</h3>${fieldsTable(schema)}</section>`)
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(info.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(info.title)}</h1>
<p>Version ${escapeHtml(info.version)}. ${escapeHtml(info.description ?? "")} The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${escapeHtml(String(doc.openapi))}).</p>
<nav aria-label="Contents"><h2>Contents</h2><ul>${contents}<li><a href="#schemas">Schemas</a></li></ul></nav>
${sections}
<section><h2 id="schemas">Schemas</h2>
${schemas}
</section>
</main>
</body>
</html>
`;
}
