import { execFileSync } from 'node:child_process'
import { realpathSync } from 'node:fs'
import path from 'node:path'

/**
 * The checkout's root: processes are started from it, by the paths operators use. Through the
 * real path, as a loader may reach this file by its link in node_modules.
 */
export const repositoryRoot = path.resolve(realpathSync(import.meta.dirname), '../../..')

/**
 * The server's entry points as operators run them: the production build that `npm start`,
 * `npm run worker` and `npm run admin` run (`ensureServerBuild` makes it current). Started from
 * source through tsx, each spent two to four seconds more importing its modules than running.
 */
export const serverEntries = {
  server: path.join(repositoryRoot, 'apps/server/dist/main.js'),
  worker: path.join(repositoryRoot, 'apps/server/dist/worker.js'),
  admin: path.join(repositoryRoot, 'apps/server/dist/admin.js'),
}

/**
 * Builds the server unless its build is of the current sources, as `npm start` does first; under
 * a lock, so test runs starting together build once.
 */
export function ensureServerBuild(): void {
  execFileSync(
    process.execPath,
    [path.join(repositoryRoot, 'scripts/build-if-changed.mjs'), 'server'],
    {
      cwd: repositoryRoot,
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  )
}
