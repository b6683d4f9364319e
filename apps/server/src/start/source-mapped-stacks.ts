import { readFileSync } from 'node:fs'
import { SourceMap } from 'node:module'
import path from 'node:path'

/**
 * Stack traces name the TypeScript sources wherever they pass through `file`, as
 * `--enable-source-maps` would, through `file`'s map (`<file>.map`): Node maps only the modules
 * its own loaders compile, and `runCodeCachedBundle` compiles the bundle itself. The map is read
 * when a trace first needs it, not at start, where Node would read and index it eagerly.
 */
export function mapStackTracesThrough(file: string): void {
  const mapFile = `${file}.map`
  let map: SourceMap | null | undefined
  const sourceMap = () => {
    if (map === undefined) {
      try {
        map = new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8')))
      } catch {
        map = null
      }
    }
    return map
  }

  Error.prepareStackTrace = (error, frames) => {
    const lines = frames.map((frame) => {
      const text = frame.toString()
      const line = frame.getLineNumber()
      const column = frame.getColumnNumber()
      if (frame.getFileName() !== file || line === null || column === null) return `    at ${text}`
      const entry = sourceMap()?.findEntry(line - 1, column - 1)
      if (!entry || !('originalSource' in entry)) return `    at ${text}`
      const original = path.resolve(path.dirname(mapFile), entry.originalSource)
      return `    at ${text.replace(
        `${file}:${line}:${column}`,
        `${original}:${entry.originalLine + 1}:${entry.originalColumn + 1}`,
      )}`
    })
    return [headerOf(error), ...lines].join('\n')
  }
}

/** The trace's first line, as V8 writes it: `Name: message`. */
function headerOf(error: Error): string {
  try {
    return Error.prototype.toString.call(error)
  } catch {
    return '<error>'
  }
}
