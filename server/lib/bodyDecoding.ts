import type { Context, Next } from "koa";
import type { Writable } from "node:stream";

/** The error raw-body gives for a request the client stopped sending (a 400 nobody receives). */
function requestAborted(): Error {
  return Object.assign(new Error("request aborted"), { status: 400, expose: true, code: "ECONNABORTED", type: "request.aborted" });
}

/**
 * App-wide, ahead of every body parser. koa-body (co-body's inflation) reads a gzip, deflate or br body through a
 * zlib stream the request is piped into, and a pipe passes on the request's end but not its loss: when the client
 * hangs up mid-body the zlib stream waits for ever, and the request with it, holding all it has read. This ends
 * that stream, as raw-body ends an unencoded one, when the request closes before its body is complete.
 */
export function endBodyDecodingWithRequest() {
  return async (ctx: Context, next: Next) => {
    const encoding = ctx.get("content-encoding");
    if (encoding && encoding !== "identity") {
      const req = ctx.req;
      const pipe = req.pipe;
      req.pipe = <T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T => {
        const abandon = () => {
          if (!req.complete) (destination as unknown as Writable).destroy(requestAborted());
        };
        if (req.destroyed) process.nextTick(abandon);
        else req.once("close", abandon);
        return pipe.call(req, destination, options) as T;
      };
    }
    await next();
  };
}
