import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { startDevchain } from '@fernwood/devchain'
import pg from 'pg'

const repoRoot = resolve(import.meta.dirname, '../..')
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
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) throw new Error('the cluster needs TEST_DATABASE_URL (a PostgreSQL server)')
  const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path))
  if (!nginx) throw new Error('the cluster needs nginx (Debian: apt-get install nginx)')

  const cleanups: Array<() => Promise<unknown>> = []
  const close = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined)
  }
  try {
    const directory = await mkdtemp(join(tmpdir(), 'fernwood-cluster-'))
    cleanups.push(() => rm(directory, { recursive: true, force: true }))
    const databaseUrl = await createDatabase(serverUrl)
    cleanups.push(() => dropDatabase(databaseUrl))

    const [proxyPort, portA, portB] = [await freePort(), await freePort(), await freePort()]
    const url = `http://127.0.0.1:${proxyPort}`
    const devchain = await startDevchain({ blockIntervalMs: 100, writeOrigins: [url] })
    cleanups.push(() => devchain.close())

    const shared = {
      DATABASE_URL: databaseUrl.toString(),
      DEVCHAIN_URL: devchain.url,
      PUBLIC_ORIGIN: url,
      TRUST_PROXY: '1',
      WORKER_ENABLED: 'false',
      LOG_LEVEL: 'warn',
    }
    const server = async (name: string, port: number) => {
      const dataDir = join(directory, name)
      await mkdir(dataDir)
      const started = spawnEntry(name, 'apps/server/src/main.ts', {
        ...shared,
        ...serverEnv,
        PORT: String(port),
        DATA_DIR: dataDir,
      })
      cleanups.push(() => started.kill())
      const instance: ClusterProcess = {
        ...started.process,
        url: `http://127.0.0.1:${port}`,
        upstream: `127.0.0.1:${port}`,
      }
      await untilHealthy(instance, started.exited)
      return instance
    }
    const serverA = await server('server-a', portA)
    const workerDir = join(directory, 'worker')
    await mkdir(workerDir)
    const [serverB, worker] = await Promise.all([
      server('server-b', portB),
      (async () => {
        const started = spawnEntry('worker', 'apps/server/src/worker-main.ts', {
          ...shared,
          DATA_DIR: workerDir,
          WORKER_POLL_INTERVAL_MS: '100',
        })
        cleanups.push(() => started.kill())
        return started.process
      })(),
    ])

    const proxy = await startNginx(nginx, directory, proxyPort, [serverA, serverB])
    cleanups.push(proxy.stop)
    await untilHealthy({ name: 'nginx', url, log: proxy.log }, proxy.exited)
    return {
      url,
      servers: [serverA, serverB],
      worker,
      proxyLog: proxy.log,
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
  const deployed = await readFile(join(repoRoot, 'deploy/nginx.conf'), 'utf8')
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
  const child = spawn(
    nginx,
    ['-p', directory, '-e', 'stderr', '-c', join(directory, 'nginx.conf')],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  const record = recorder(child)
  return {
    log: record.log,
    accessLog: () => (existsSync(accessLog) ? readFileSync(accessLog, 'utf8') : ''),
    exited: record.exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT')
      await record.exited.catch(() => undefined)
    },
  }
}

function spawnEntry(name: string, script: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const record = recorder(child)
  const stop = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    await record.exited.catch(() => undefined)
  }
  const clusterProcess: ClusterProcess = {
    name,
    url: '',
    upstream: '',
    log: record.log,
    stop: () => stop('SIGTERM'),
  }
  return { process: clusterProcess, exited: record.exited, kill: () => stop('SIGKILL') }
}

/** Keeps the tail of what `child` prints; `exited` rejects once it has ended, naming how. */
function recorder(child: ChildProcess) {
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-keptLogChars)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = once(child, 'exit').then(([code, signal]) => {
    throw new Error(`exited (${signal ?? `code ${code}`})`)
  })
  exited.catch(() => undefined)
  return { log: () => output, exited }
}

async function untilHealthy(
  target: Pick<ClusterProcess, 'name' | 'url' | 'log'>,
  exited: Promise<unknown>,
): Promise<void> {
  let failure: unknown
  exited.catch((error) => {
    failure = error
  })
  const deadline = Date.now() + startTimeoutMs
  while (Date.now() < deadline) {
    if (failure) throw new Error(`${target.name} ${String(failure)}:\n${target.log()}`)
    try {
      if ((await fetch(`${target.url}/api/health`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((wake) => setTimeout(wake, 100))
  }
  throw new Error(`${target.name} did not become healthy:\n${target.log()}`)
}

async function createDatabase(serverUrl: string): Promise<URL> {
  const name = `fernwood_cluster_${randomBytes(6).toString('hex')}`
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`))
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url
}

async function dropDatabase(url: URL): Promise<void> {
  const name = url.pathname.slice(1)
  await withAdminClient(url.toString(), (client) =>
    client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  )
}

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>) {
  const admin = new URL(url)
  admin.pathname = '/postgres'
  const client = new pg.Client({ connectionString: admin.toString() })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

async function freePort(): Promise<number> {
  const probe = createServer()
  probe.listen(0, '127.0.0.1')
  await once(probe, 'listening')
  const address = probe.address()
  probe.close()
  if (!address || typeof address === 'string') throw new Error('no TCP address')
  return address.port
}
