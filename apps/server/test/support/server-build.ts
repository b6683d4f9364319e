import { ensureServerBuild } from '@fernwood/testkit'

/** Vitest's global setup: the processes tests start run the server's current production build. */
export default function buildServer() {
  ensureServerBuild()
}
