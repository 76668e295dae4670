import type { IncomingMessage } from "node:http";
import zlib from "node:zlib";
import accepts from "accepts";
import type { Context, Next } from "koa";

type Encoding = "br" | "gzip";

/** The compressed forms of a kept answer's bytes, made once per answer (keyed on the very Buffer kept). */
const forms = new WeakMap<Buffer, Partial<Record<Encoding, Promise<Buffer>>>>();

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
const MIN_BYTES = 1024;

/**
 * Marks bytes kept between requests (lib/readCache's answers, the calendar feeds) as worth compressing once:
 * compressKeptAnswers() then sends them compressed to every client that accepts it, compressing them only the
 * first time. Bytes made for one request are not marked and go as they are.
 */
export function markKept(body: Buffer): Buffer {
  if (body.length >= MIN_BYTES && !forms.has(body)) forms.set(body, {});
  return body;
}

function compress(encoding: Encoding, body: Buffer): Promise<Buffer> {
  // On libuv's thread pool, so a network-sized answer never holds up the event loop. Brotli at quality 5 is
  // about as fast as gzip and a fifth smaller on JSON; its quality 11 would take seconds on 10 MB.
  return new Promise((resolve, reject) => {
    const done = (err: Error | null, out: Buffer) => (err ? reject(err) : resolve(out));
    if (encoding === "br")
      zlib.brotliCompress(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }, done);
    else zlib.gzip(body, { level: 6 }, done);
  });
}

/** The coding chosen for each Accept-Encoding heard: clients send a handful of different ones, many times each. */
const chosen = new Map<string, Encoding | null>();
/** Past this many different Accept-Encodings (a client may send any text) the choices are forgotten and made again. */
const MAX_CHOSEN = 256;

/**
 * The coding to send for a client's Accept-Encoding: brotli when it takes it, whatever order it lists them in, else
 * gzip, else none. Negotiated as Koa negotiates (ctx.acceptsEncodings uses the same library), once per header text.
 */
function chosenEncoding(header: string, req: IncomingMessage): Encoding | null {
  let encoding = chosen.get(header);
  if (encoding === undefined) {
    const takes = accepts(req);
    encoding = takes.encoding("br") === "br" ? "br" : takes.encoding("gzip") === "gzip" ? "gzip" : null;
    if (chosen.size >= MAX_CHOSEN) chosen.clear();
    chosen.set(header, encoding);
  }
  return encoding;
}

/**
 * The compressed form of kept bytes for a client's Accept-Encoding (brotli when it takes it, whatever order it
 * lists them in, as browsers say "gzip, deflate, br"; else gzip), made once; null when the client takes neither,
 * the bytes are not kept, or compressing failed (they then go as they are).
 */
export async function compressedForm(body: Buffer, req: IncomingMessage): Promise<{ body: Buffer; encoding: Encoding } | null> {
  const kept = forms.get(body);
  const header = req.headers["accept-encoding"];
  if (!kept || !header) return null;
  const encoding = chosenEncoding(header, req);
  if (!encoding) return null;
  const making = (kept[encoding] ??= compress(encoding, body));
  try {
    return { body: await making, encoding };
  } catch {
    delete kept[encoding];
    return null;
  }
}

/**
 * Sends a kept answer compressed (br, else gzip) when the client accepts it, with `Vary: Accept-Encoding`. The
 * ETag stays the answer's (as the common compression middlewares do): it names the JSON, whichever coding
 * carries it, so a 304 carries the same tag as the 200 it stands for. 304s, other statuses and bytes that are
 * not kept are left alone.
 */
export function compressKeptAnswers() {
  return async function compressKept(ctx: Context, next: Next) {
    await next();
    const body = ctx.body;
    if (ctx.status !== 200 || !Buffer.isBuffer(body) || ctx.response.get("Content-Encoding")) return;
    if (!forms.has(body)) return;
    ctx.vary("Accept-Encoding");
    const sent = await compressedForm(body, ctx.req);
    if (!sent) return;
    const type = ctx.type;
    ctx.body = sent.body;
    ctx.type = type;
    ctx.set("Content-Encoding", sent.encoding);
  };
}
