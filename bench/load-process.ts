/**
 * A benchmark's load (`submission-load.ts`, `grant-load.ts`, `checked-claim-load.ts`), run in a
 * process of its own as pgbench runs apart from the database, given its settings as JSON: the one
 * JSON line it prints. Asynchronously: the calling process serves the requests meanwhile.
 */
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const run = promisify(execFile)

export async function runLoad<Result>(script: string, settings: unknown): Promise<Result> {
  const { stdout } = await run(process.execPath, [
    '--import',
    'tsx',
    fileURLToPath(new URL(`./${script}`, import.meta.url)),
    JSON.stringify(settings),
  ])
  return JSON.parse(stdout) as Result
}
