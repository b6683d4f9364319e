import { readFileSync } from 'node:fs'
import { SourceMap } from 'node:module'
import path from 'node:path'

/**
 * Stack traces name the TypeScript sources wherever they pass through `file`, as
 * `--enable-source-maps` would, through `file`'s map (`<file>.map`): Node maps only the modules
 * its own loaders compile, and `runCodeCachedBundle` compiles the bundle itself. The map is read
 * and parsed when a trace first needs it, not as the server starts, where Node would read and
 * parse it before running anything.
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
  const original = (frame: NodeJS.CallSite, text: string) => {
    const line = frame.getLineNumber()
    const column = frame.getColumnNumber()
    if (frame.getFileName() !== file || line === null || column === null) return text
    const entry = sourceMap()?.findEntry(line - 1, column - 1)
    if (!entry || !('originalSource' in entry) || typeof entry.originalSource !== 'string') {
      return text
    }
    return text.replace(
      `${file}:${line}:${column}`,
      `${path.resolve(path.dirname(mapFile), entry.originalSource)}:${entry.originalLine + 1}:${entry.originalColumn + 1}`,
    )
  }

  Error.prepareStackTrace = (error, frames) => {
    const lines = frames.map((frame) => {
      const text = frame.toString()
      // A frame that cannot be mapped is shown as it is: reading `stack` must never throw.
      try {
        return `    at ${original(frame, text)}`
      } catch {
        return `    at ${text}`
      }
    })
    return [headerOf(error), ...lines].join('\n')
  }
}

/** The trace's first line as Node writes it: `Name: message`, and Node's own `Name [CODE]: …`. */
function headerOf(error: Error): string {
  try {
    const code = (error as { code?: unknown }).code
    if (typeof code === 'string' && code.startsWith('ERR_')) {
      return `${error.name} [${code}]: ${error.message}`
    }
    return Error.prototype.toString.call(error)
  } catch {
    return '<error>'
  }
}
