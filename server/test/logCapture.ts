import { createLogger, type Logger } from "../lib/log";

/** One entry of the server's log, as JSON.parse reads its line. */
export interface LogEntry {
  level: string;
  msg: string;
  reqId?: string;
  err?: { type: string; message: string; stack: string };
  [field: string]: any;
}

/** A log destination that keeps what it is given, for tests that read the server's log. */
export class LogCapture {
  readonly written: string[] = [];

  write(chunk: string): void {
    this.written.push(chunk);
  }

  /** Everything written, as one text. */
  text(): string {
    return this.written.join("");
  }

  entries(): LogEntry[] {
    return this.text()
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => JSON.parse(line) as LogEntry);
  }

  messages(): string[] {
    return this.entries().map((entry) => entry.msg);
  }

  clear(): void {
    this.written.length = 0;
  }

  /** A logger at info that writes here. */
  logger(): Logger {
    return createLogger("info", this);
  }
}
