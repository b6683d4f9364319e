import { realpathSync } from 'node:fs'
import path from 'node:path'

/**
 * The checkout's root: processes are started from it, by the paths operators use. Through the
 * real path, as a loader may reach this file by its link in node_modules.
 */
export const repositoryRoot = path.resolve(realpathSync(import.meta.dirname), '../../..')

/** The server's entry points, run from source as `npm run dev` runs them. */
export const serverEntries = {
  server: path.join(repositoryRoot, 'apps/server/src/main.ts'),
  worker: path.join(repositoryRoot, 'apps/server/src/worker-main.ts'),
  admin: path.join(repositoryRoot, 'apps/server/src/admin/main.ts'),
  /** the production build's server, which `npm start` builds first */
  built: path.join(repositoryRoot, 'apps/server/dist/main.js'),
}
