import { existsSync, readFileSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startDevchain } from '@fernwood/devchain'
import {
  createThrowawayDatabase,
  freePort,
  type RunningProcess,
  repositoryRoot,
  serverEntries,
  spawnNodeScript,
  spawnProcess,
  startServer,
  untilHealthy,
} from '@fernwood/testkit'

const startTimeoutMs = 120_000
const keptLogChars = 100_000

/** One Fernwood process of the cluster: a server or the worker. */
export interface ClusterProcess {
  name: string
  /** `http://127.0.0.1:<port>` (servers only) */
  url: string
  /** how nginx names it in `X-Upstream`: `127.0.0.1:<port>` */
  upstream: string
  log(): string
  /** SIGTERM, as an orchestrator stops an instance; resolves once it has exited. */
  stop(): Promise<void>
}

/**
 * The scale-out topology of the README: two servers and a separate worker on one PostgreSQL
 * database, behind nginx (round-robin, no stickiness), all on one standalone devchain.
 */
export interface Cluster {
  /** the proxy's origin: the one address browsers use */
  url: string
  servers: [ClusterProcess, ClusterProcess]
  worker: ClusterProcess
  /** what nginx printed */
  proxyLog(): string
  /** nginx's access log, in deploy/nginx.conf's format */
  proxyAccessLog(): string
  close(): Promise<void>
}

/**
 * Starts the cluster: a fresh database on TEST_DATABASE_URL's server, a devchain, both servers
 * (the first one alone, so one of them migrates and seeds while the other waits for nothing),
 * the worker, and nginx with the repository's own `deploy/nginx.conf` pointed at the servers.
 */
export async function startCluster(serverEnv: Record<string, string> = {}): Promise<Cluster> {
  if (!process.env.TEST_DATABASE_URL) {
    throw new Error('the cluster needs TEST_DATABASE_URL (a PostgreSQL server)')
  }
  const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path))
  if (!nginx) throw new Error('the cluster needs nginx (Debian: apt-get install nginx)')

  const cleanups: Array<() => Promise<unknown>> = []
  const close = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined)
  }
  try {
    const directory = await mkdtemp(join(tmpdir(), 'fernwood-cluster-'))
    cleanups.push(() => rm(directory, { recursive: true, force: true }))
    const database = await createThrowawayDatabase('fernwood_cluster')
    cleanups.push(database.drop)

    const [proxyPort, portA, portB] = [await freePort(), await freePort(), await freePort()]
    const url = `http://127.0.0.1:${proxyPort}`
    const devchain = await startDevchain({ blockIntervalMs: 100, writeOrigins: [url] })
    cleanups.push(() => devchain.close())

    const shared = {
      DATABASE_URL: database.url,
      DEVCHAIN_URL: devchain.url,
      PUBLIC_ORIGIN: url,
      TRUST_PROXY: '1',
      WORKER_ENABLED: 'false',
      LOG_LEVEL: 'warn',
    }
    const server = async (name: string, port: number) => {
      const dataDir = join(directory, name)
      await mkdir(dataDir)
      const started = await startServer(
        { ...shared, ...serverEnv, PORT: String(port), DATA_DIR: dataDir },
        { timeoutMs: startTimeoutMs, keptOutputChars: keptLogChars },
      )
      cleanups.push(() => started.stop('SIGKILL'))
      return clusterProcess(name, started, port)
    }
    const serverA = await server('server-a', portA)
    const workerDir = join(directory, 'worker')
    await mkdir(workerDir)
    const [serverB, worker] = await Promise.all([
      server('server-b', portB),
      (async () => {
        const started = spawnNodeScript(serverEntries.worker, {
          env: { ...shared, DATA_DIR: workerDir, WORKER_POLL_INTERVAL_MS: '100' },
          keptOutputChars: keptLogChars,
        })
        cleanups.push(() => started.stop('SIGKILL'))
        return clusterProcess('worker', started)
      })(),
    ])

    const proxy = await startNginx(nginx, directory, proxyPort, [serverA, serverB])
    cleanups.push(() => proxy.stop('SIGQUIT'))
    await untilHealthy({ url, ...proxy }, { timeoutMs: startTimeoutMs })
    return {
      url,
      servers: [serverA, serverB],
      worker,
      proxyLog: proxy.output,
      proxyAccessLog: proxy.accessLog,
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}

/** Our nginx configuration for compose.yaml, with this cluster's addresses, under an `http` block. */
async function startNginx(
  nginx: string,
  directory: string,
  port: number,
  [serverA, serverB]: ClusterProcess[],
) {
  const deployed = await readFile(join(repositoryRoot, 'deploy/nginx.conf'), 'utf8')
  // The image's access log is its standard output; here it is a file of the cluster's own.
  const accessLog = join(directory, 'access.log')
  const site = deployed
    .replace('server-a:3000', serverA.upstream)
    .replace('server-b:3000', serverB.upstream)
    .replace(/listen 8080;/, `listen 127.0.0.1:${port};`)
    .replace('/var/log/nginx/access.log', accessLog)
  for (const expected of [serverA.upstream, serverB.upstream, `127.0.0.1:${port}`, accessLog]) {
    if (!site.includes(expected)) throw new Error(`deploy/nginx.conf no longer names ${expected}`)
  }
  await writeFile(join(directory, 'site.conf'), site)
  await writeFile(
    join(directory, 'nginx.conf'),
    `daemon off;
master_process off;
pid ${directory}/nginx.pid;
error_log stderr warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${directory}/client-body;
  proxy_temp_path ${directory}/proxy;
  fastcgi_temp_path ${directory}/fastcgi;
  uwsgi_temp_path ${directory}/uwsgi;
  scgi_temp_path ${directory}/scgi;
  # Which server answered: how the test knows where a stream lives.
  add_header X-Upstream $upstream_addr always;
  include ${directory}/site.conf;
}
`,
  )
  const proxy = spawnProcess(
    nginx,
    ['-p', directory, '-e', 'stderr', '-c', join(directory, 'nginx.conf')],
    { keptOutputChars: keptLogChars },
  )
  return {
    ...proxy,
    accessLog: () => (existsSync(accessLog) ? readFileSync(accessLog, 'utf8') : ''),
  }
}

/** A process of the cluster as the specs see it: how to reach it, what it printed, how to stop it. */
function clusterProcess(name: string, started: RunningProcess, port?: number): ClusterProcess {
  return {
    name,
    url: port ? `http://127.0.0.1:${port}` : '',
    upstream: port ? `127.0.0.1:${port}` : '',
    log: started.output,
    stop: async () => {
      await started.stop('SIGTERM')
    },
  }
}
