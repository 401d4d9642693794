import { settingOrDefault } from "@/lib/config";
import pino, { type DestinationStream, type Logger } from "pino";
import { LOG_REDACT_PATHS, PHONE_FIELD_SERIALIZERS, scrubLogFields, scrubLogText } from "@/lib/observability/log-redaction";

/**
 * The process's logger: pino, one JSON line per event on stderr (docs/design/balance-history.md). The API stays
 * `log.info(message, fields)` so call sites never import pino. Redaction is the logger's
 * configuration, not the caller's care (lib/observability/log-redaction.ts): credential-named
 * fields are censored by pino's `redact` paths, phone fields are masked by serializers, and
 * any standalone phone-like digit run left in a string (an operator's error text) is masked.
 *
 * LOG_LEVEL (trace, debug, info, warn, error, fatal, silent; default info) is read when the
 * logger is built and again when it changes, so the ops CLI and tests may set it after import.
 * Lines go through `process.stderr.write` (synchronously, so nothing is lost on exit, and tests
 * can capture them); `setLogDestination` sends them elsewhere (tests, tools).
 */
type Fields = Record<string, unknown>;

const LEVELS = new Set(["trace", "debug", "info", "warn", "error", "fatal", "silent"]);

const stderr: DestinationStream = { write: (line: string) => void process.stderr.write(line) };

let destination: DestinationStream = stderr;
let built: { logger: Logger; level: string } | null = null;

function level(): string {
  // Never throws: a bad LOG_LEVEL is refused at start (lib/config); set later, it means info.
  return settingOrDefault("LOG_LEVEL");
}

export function buildLogger(dest: DestinationStream, lvl = level()): Logger {
  return pino(
    {
      level: lvl,
      base: { pid: process.pid },
      messageKey: "message",
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: {
        level: (label) => ({ level: label }),
        log: (object) => scrubLogFields(object),
      },
      serializers: PHONE_FIELD_SERIALIZERS,
      redact: { paths: LOG_REDACT_PATHS, censor: "[redacted]" },
    },
    dest,
  );
}

/** The pino logger (for code that wants `child()` bindings); rebuilt when LOG_LEVEL changes. */
export function logger(): Logger {
  const lvl = level();
  if (!built || built.level !== lvl) built = { logger: buildLogger(destination, lvl), level: lvl };
  return built.logger;
}

/** Sends log lines to `dest` (null: back to stderr). For tests and tools. */
export function setLogDestination(dest: DestinationStream | null): void {
  destination = dest ?? stderr;
  built = null;
}

function write(method: "debug" | "info" | "warn" | "error", message: string, fields?: Fields) {
  const l = logger();
  if (!l.isLevelEnabled(method)) return;
  l[method](fields ?? {}, scrubLogText(message));
}

export const log = {
  debug: (m: string, f?: Fields) => write("debug", m, f),
  info: (m: string, f?: Fields) => write("info", m, f),
  warn: (m: string, f?: Fields) => write("warn", m, f),
  error: (m: string, f?: Fields) => write("error", m, f),
};
