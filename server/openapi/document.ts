import fs from "node:fs";
import { z } from "zod";
import { namedAnswers } from "./answers/answer";
import "./answers/people"; // names ApiError, the error shape every operation answers
import type { Operation, OtherAnswer } from "./operation";
import { operations } from "./operations";
import { SESSION_COOKIE } from "../auth/session";

type Json = Record<string, unknown>;
type JsonSchemaOptions = NonNullable<Parameters<typeof z.toJSONSchema>[1]>;

const SAFE_INT = Number.MAX_SAFE_INTEGER;
const METHODS = ["GET", "PUT", "POST", "DELETE", "PATCH"] as const;

/** Koa's `/chapter/slug/:slug` as OpenAPI writes it: `/chapter/slug/{slug}`. */
export const openApiPath = (koaPath: string) => koaPath.replace(/:(\w+)/g, "{$1}");

/** `GET /api/chapter/slug/:slug` -> `getChapterSlugBySlug`: unique, since method and path are. */
export function operationIdOf(method: string, koaPath: string): string {
  const words = koaPath
    .replace(/^\/api\//, "")
    .split(/[/_.-]+/)
    .filter(Boolean)
    .map((w) => (w.startsWith(":") ? `By${w.charAt(1).toUpperCase()}${w.slice(2)}` : w.charAt(0).toUpperCase() + w.slice(1)));
  return method.toLowerCase() + words.join("");
}

/** Zod's output with the safe-integer bounds every `.int()` gets left out: they say nothing a reader needs. */
const jsonSchemaOptions = (io: "input" | "output"): JsonSchemaOptions => ({
  target: "draft-2020-12",
  io,
  unrepresentable: "any",
  override: ({ jsonSchema }) => {
    if (jsonSchema.minimum === -SAFE_INT) delete jsonSchema.minimum;
    if (jsonSchema.maximum === SAFE_INT) delete jsonSchema.maximum;
  },
});

/** A request schema inline (zod's input side: defaults make a field optional, transforms are not applied). */
function requestSchema(schema: z.ZodType): Json {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, jsonSchemaOptions("input")) as Json;
  return rest;
}

function pathParameter(name: string, op: Operation): Json {
  const given = op.params?.[name];
  if (given) return { name, in: "path", required: true, schema: requestSchema(given) };
  if (/id$/i.test(name)) return { name, in: "path", required: true, schema: { type: "integer", minimum: 1, maximum: 2147483647 } };
  if (name === "page" || name === "count") return { name, in: "path", required: true, schema: { type: "integer", minimum: 0 } };
  return { name, in: "path", required: true, schema: { type: "string" } };
}

const PAGE_PARAMETERS: Json[] = [
  { name: "page", in: "query", required: false, description: "Page number, from 0", schema: { type: "integer", minimum: 0 } },
  { name: "limit", in: "query", required: false, description: "Rows a page (each list has its default and maximum)", schema: { type: "integer", minimum: 1 } },
];

function queryParameters(op: Operation): Json[] {
  const params: Json[] = [];
  if (op.query) {
    const schema = requestSchema(op.query) as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const { description, ...rest } = property;
      params.push({ name, in: "query", required: (schema.required ?? []).includes(name), ...(description ? { description } : {}), schema: rest });
    }
  }
  if (op.paged) params.push(...PAGE_PARAMETERS);
  return params;
}

function requestBody(op: Operation): Json | undefined {
  if (!op.body) return undefined;
  if (op.body === "image") {
    const schema = { type: "object", properties: { file: { type: "string", contentMediaType: "image/*" } }, required: ["file"] };
    return { required: true, content: { "multipart/form-data": { schema } } };
  }
  return { required: true, content: { "application/json": { schema: requestSchema(op.body) } } };
}

/**
 * How a caller signs a request: the browser's session cookie, with the X-CSRF-Token header (the ch_csrf cookie's
 * value) on every write, or the desktop app's Bearer token (server/auth/session.ts).
 */
const SECURITY_SCHEMES = {
  sessionCookie: { type: "apiKey", in: "cookie", name: SESSION_COOKIE, description: "The session cookie /api/auth/signin sets" },
  csrfToken: {
    type: "apiKey",
    in: "header",
    name: "X-CSRF-Token",
    description: "With the session cookie, on every request but GET, HEAD and OPTIONS: the value of the ch_csrf cookie",
  },
  bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "A session token, as the desktop app sends it" },
};

/** The ways to sign an operation; a public one also takes none (`{}`). */
function securityOf(method: string, op: Operation): Json[] {
  const cookie = method === "GET" ? { sessionCookie: [] } : { sessionCookie: [], csrfToken: [] };
  const signed = [cookie, { bearerAuth: [] }];
  return op.public ? [{}, ...signed] : signed;
}

const isOther = (answer: Operation["answer"]): answer is OtherAnswer => answer !== null && "mediaType" in answer;
const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

function responses(op: Operation, answerSchema: Json | null): Json {
  const status = String(op.status ?? 200);
  const pageHeaders = op.paged
    ? {
        headers: {
          "X-Total-Count": { description: "Rows in the whole list", schema: { type: "integer" } },
          Link: { description: 'Where the next page is (rel="next"), when one follows', schema: { type: "string" } },
        },
      }
    : {};
  let success: Json;
  if (op.answer === null) success = { description: "No content" };
  else if (isOther(op.answer)) success = { description: op.answer.description, content: { [op.answer.mediaType]: { schema: { type: "string" } } } };
  else success = { description: "OK", ...pageHeaders, content: { "application/json": { schema: answerSchema } } };
  return {
    [status]: success,
    default: { description: "An error: 4xx with its id and message, or 500", content: { "application/json": { schema: ref("ApiError") } } },
  };
}

/**
 * A reference to the answer's schema: its own name when it has one, `Name[]` written out for a list of a named
 * shape, else a new schema named after the operation (`GetChapterStatsNetworkAnswer`).
 */
function answerRef(answers: z.core.$ZodRegistry<{ id: string }>, answer: z.ZodType, operationId: string): Json {
  const named = answers.get(answer)?.id;
  if (named) return ref(named);
  if (answer instanceof z.ZodArray && answers.has(answer.element)) return { type: "array", items: ref(answers.get(answer.element)!.id) };
  const id = `${operationId.charAt(0).toUpperCase()}${operationId.slice(1)}Answer`;
  answers.add(answer, { id });
  return ref(id);
}

/**
 * The OpenAPI 3.1 document of every operation in the table (server/openapi/operations.ts). Answers are named
 * schemas under components/schemas, shared where a contract is (ChapterSummary, ChapterEvent, ...); an operation's
 * own answer shape is named after the operation.
 */
export function buildOpenApiDocument(table: Record<string, Operation> = operations): Json {
  const answers = z.registry<{ id: string }>();
  for (const [schema, id] of namedAnswers) answers.add(schema, { id });
  const paths: Record<string, Json> = {};
  const tags = new Set<string>();
  for (const [key, op] of Object.entries(table)) {
    const [method, koaPath] = key.split(" ");
    if (!(METHODS as readonly string[]).includes(method)) throw new Error(`${key}: unknown method`);
    const operationId = operationIdOf(method, koaPath);
    const answerSchema = op.answer && !isOther(op.answer) ? answerRef(answers, op.answer, operationId) : null;
    const parameters = [...[...koaPath.matchAll(/:(\w+)/g)].map((m) => pathParameter(m[1], op)), ...queryParameters(op)];
    const body = requestBody(op);
    tags.add(op.tag);
    paths[openApiPath(koaPath)] ??= {};
    paths[openApiPath(koaPath)][method.toLowerCase()] = {
      operationId,
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      tags: [op.tag],
      ...(parameters.length ? { parameters } : {}),
      ...(body ? { requestBody: body } : {}),
      security: securityOf(method, op),
      responses: responses(op, answerSchema),
    };
  }
  const { schemas } = z.toJSONSchema(answers, { ...jsonSchemaOptions("output"), uri: (id) => ref(id).$ref });
  const components = Object.fromEntries(Object.entries(schemas).map(([id, s]) => [id, withoutIds(s as Json)]));
  return {
    openapi: "3.1.0",
    info: {
      title: "Chapterhouse API",
      version: packageVersion(),
      description: "The JSON API of Chapterhouse. Signed-in calls carry the session cookie with an X-CSRF-Token header, or Authorization: Bearer.",
    },
    // The site that serves the document: every path begins with /api, wherever the site is.
    servers: [{ url: "/", description: "This site" }],
    tags: [...tags].map((name) => ({ name })),
    paths,
    components: { schemas: components, securitySchemes: SECURITY_SCHEMES },
  };
}

function withoutIds(schema: Json): Json {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

function packageVersion(): string {
  return (JSON.parse(fs.readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }).version;
}
