export { type BoundUser, bindWallet, type PostAsVisitor } from './bind-wallet.ts'
export {
  type ProcessEnd,
  type ProcessOptions,
  type RunningProcess,
  spawnNodeScript,
  spawnProcess,
} from './child-process.ts'
export { chromiumArgs } from './chromium.ts'
export {
  type EventStream,
  onEventBlocks,
  openEventStream,
  type StreamEvent,
} from './event-stream.ts'
export { freePort } from './free-port.ts'
export { type HttpVisitor, httpVisitor } from './http-visitor.ts'
export { type ProofFields, signIdentityProof } from './identity-proof.ts'
export { copyPgliteCluster } from './pglite-cluster.ts'
export { ensureServerBuild, repositoryRoot, serverEntries } from './repository.ts'
export {
  type ReadinessOptions,
  type ServerOptions,
  type ServerProcess,
  spawnServer,
  startServer,
  untilHealthy,
} from './server-process.ts'
export {
  createThrowawayDatabase,
  dropDatabase,
  type ThrowawayDatabase,
} from './throwaway-database.ts'
