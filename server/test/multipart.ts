/** Hand-built multipart bodies, for the malformed ones fetch's FormData never sends. */
export const BOUNDARY = "FuzzBoundary7MA4YWxkTrZu0gW";
export const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

/** One part: a field, or a file when `filename` is given (sent as image/png). */
export const part = (name: string, value: string | Buffer, filename?: string): Buffer =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${filename !== undefined ? `; filename="${filename}"\r\nContent-Type: image/png` : ""}\r\n\r\n`,
    ),
    Buffer.from(value),
    Buffer.from("\r\n"),
  ]);

/** The parts and the closing boundary: a complete body. */
export const complete = (...parts: Buffer[]): Buffer => Buffer.concat([...parts, Buffer.from(`--${BOUNDARY}--\r\n`)]);

/** A body that stops inside a file part, without its closing boundary. */
export const truncated = (...parts: Buffer[]): Buffer =>
  Buffer.concat([
    ...parts,
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n`),
  ]);
