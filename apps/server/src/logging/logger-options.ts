import { createRequire } from 'node:module'
import pino, { type LoggerOptions } from 'pino'
import type PinoPretty from 'pino-pretty'
import type { Environment } from '../config/environment.ts'
import { LOG_REDACTIONS } from '../payouts/redaction.ts'

/** pino's options plus where it writes, in the shape both Fastify's `logger` and `pino()` take. */
export type LogSetup = LoggerOptions & { stream?: NodeJS.WritableStream }

/**
 * One JSON object per line when the output is a file, a pipe or a log collector; coloured,
 * human-readable lines when a person watches a terminal. Synchronous on a terminal, so the last
 * lines before an exit are not lost.
 */
export function logSetup(
  level: Environment['LOG_LEVEL'],
  output: NodeJS.WriteStream = process.stdout,
): LogSetup {
  const options: LoggerOptions = { level, redact: LOG_REDACTIONS }
  if (!output.isTTY) return options
  // Loaded only for a terminal: a server whose output goes to a file or a collector (a supervisor
  // restarting it) never needs it, and loading it was some 30 ms of every start.
  const pinoPretty = createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty
  return {
    ...options,
    stream: pinoPretty({
      destination: output,
      sync: true,
      colorize: true,
      translateTime: 'HH:MM:ss.l',
      ignore: 'pid,hostname',
    }),
  }
}

/** A logger set up as `logSetup` says, for processes without Fastify (the separate worker). */
export function createLogger(level: Environment['LOG_LEVEL']) {
  const { stream, ...options } = logSetup(level)
  return stream ? pino(options, stream) : pino(options)
}
