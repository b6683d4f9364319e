import http from 'node:http'
import { test as base, expect, type Page } from '@playwright/test'
import { type Cluster, startCluster } from '../support/cluster'
import { codeBox, enterDashboard, submitButton, treasures } from '../support/dashboard'
import { dashboardTexts } from '../texts'

const SIGN_INS_PER_MINUTE = 4

const test = base.extend<object, { cluster: Cluster }>({
  cluster: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
    async ({}, use) => {
      const cluster = await startCluster({ SIGN_INS_PER_MINUTE: String(SIGN_INS_PER_MINUTE) })
      try {
        await use(cluster)
      } finally {
        await cluster.close()
      }
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ cluster }, use) => {
    await use(cluster.url)
  },
})

// One cluster for the file, in this order: the last test stops one of its servers.
test.describe.configure({ mode: 'serial', timeout: 180_000 })

/** The server that answered: the last of those nginx tried (`a:1, b:2` when it moved on). */
const answeredBy = (upstreams: string | undefined) => upstreams?.split(/[,:]\s+/).at(-1) ?? ''

/** A sign-in through the proxy from `localAddress` (one loopback address per simulated client). */
function signInFrom(proxyUrl: string, localAddress: string) {
  return new Promise<{ status: number; upstream: string; body: string }>((resolve, reject) => {
    const { hostname, port } = new URL(proxyUrl)
    const request = http.request(
      {
        host: hostname,
        port,
        path: '/api/session',
        method: 'POST',
        localAddress,
        headers: { origin: proxyUrl, 'content-type': 'application/json' },
      },
      (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk) => {
          body += chunk
        })
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            upstream: answeredBy(response.headers['x-upstream'] as string | undefined),
            body,
          }),
        )
      },
    )
    request.on('error', reject)
    request.end('{}')
  })
}

/** The live feed's streams as the page opened them: which server answered, and when. */
function recordStreams(page: Page) {
  const streams: Array<{ upstream: string; at: number }> = []
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/live' && response.status() === 200) {
      streams.push({ upstream: answeredBy(response.headers()['x-upstream']), at: Date.now() })
    }
  })
  return streams
}

test('the sign-in limit counts one client’s sign-ins on both servers together', async ({
  cluster,
}) => {
  const answers = []
  for (let attempt = 0; attempt <= SIGN_INS_PER_MINUTE; attempt++) {
    answers.push(await signInFrom(cluster.url, '127.0.0.3'))
  }
  expect(answers.map(({ status }) => status)).toEqual([
    ...Array(SIGN_INS_PER_MINUTE).fill(201),
    429,
  ])
  // Round-robin without stickiness: both servers took part in the count.
  const servers = cluster.servers.map(({ upstream }) => upstream)
  expect(new Set(answers.slice(0, SIGN_INS_PER_MINUTE).map(({ upstream }) => upstream))).toEqual(
    new Set(servers),
  )
  expect(JSON.parse(answers[SIGN_INS_PER_MINUTE].body).error).toEqual({
    code: 'RATE_LIMITED',
    message: expect.stringMatching(/^Too many requests\. Try again in \d+ seconds?\.$/),
  })
  // Another client is counted on its own.
  expect((await signInFrom(cluster.url, '127.0.0.4')).status).toBe(201)
})

test('nginx names no version, keeps readiness to itself, and logs claim links without their code', async ({
  cluster,
}) => {
  const secret = 'secret-opened-code'
  const claim = await fetch(`${cluster.url}/c/${secret}-1?from=qr`, {
    headers: { referer: `${cluster.url}/c/${secret}-2` },
  })
  expect(claim.status).toBe(200)
  expect(claim.headers.get('server')).toBe('nginx')
  // Over plain HTTP (this cluster's PUBLIC_ORIGIN) there is no HSTS to send.
  expect(claim.headers.get('strict-transport-security')).toBeNull()
  // Past the body limit nginx answers itself, and writes an error-log line naming the request.
  const tooLarge = await fetch(`${cluster.url}/C/${secret}-3`, {
    method: 'POST',
    body: 'x'.repeat(100_000),
  })
  expect(tooLarge.status).toBe(413)
  expect(tooLarge.headers.get('server')).toBe('nginx')
  expect(await tooLarge.text()).not.toMatch(/nginx\/\d/)

  // Readiness: for whatever probes each server itself, not through the proxy.
  expect((await fetch(`${cluster.url}/api/ready`)).status).toBe(404)
  expect((await fetch(`${cluster.url}/api//ready?x=1`)).status).toBe(404)
  expect((await fetch(`${cluster.url}/api/health`)).status).toBe(200)
  for (const server of cluster.servers) {
    expect((await fetch(`${server.url}/api/ready`)).status).toBe(200)
  }

  const claimLines = () =>
    cluster.proxyAccessLog().match(/"(GET|POST) \/c\/\[redacted\] HTTP\/1\.1" (200|413) /g)
  await expect.poll(() => claimLines()?.length).toBe(2)
  expect(cluster.proxyAccessLog()).toContain(`"${cluster.url}/c/[redacted]"`)
  expect(cluster.proxyAccessLog()).not.toContain(secret)
  expect(cluster.proxyLog()).not.toContain(secret)
})

test('a visitor’s session and live feed survive their server going away behind the proxy', async ({
  page,
  cluster,
}) => {
  const pageErrors: string[] = []
  page.on('pageerror', (error) => pageErrors.push(error.message))
  const streams = recordStreams(page)
  const account = 'alice.wam'
  await enterDashboard(page, account)
  await page.evaluate(() => Object.assign(window, { fernwoodSameDocument: true }))

  // The session is in the database: either server knows the visitor.
  const session = (await page.context().cookies()).find(({ name }) => name === 'fernwood_session')
  for (const server of cluster.servers) {
    const response = await fetch(`${server.url}/api/session`, {
      headers: { cookie: `fernwood_session=${session?.value}` },
    })
    expect((await response.json()).user.waxAccount).toBe(account)
  }

  // The separate worker pays; the stream, on whichever server holds it, shows the payout.
  await codeBox(page).fill('moon-cap')
  await submitButton(page).click()
  const paid = (code: string) => treasures(page).getByRole('listitem').filter({ hasText: code })
  await expect(paid('moon-cap')).toContainText('+25.0000 FERN', { timeout: 30_000 })

  // The server holding the stream goes away; EventSource reconnects through nginx to the other.
  const holder = cluster.servers.find(({ upstream }) => upstream === streams.at(-1)?.upstream)
  const survivor = cluster.servers.find((server) => server !== holder)
  expect(holder).toBeDefined()
  const streamsBefore = streams.length
  const stoppedAt = Date.now()
  await holder?.stop()
  await expect
    .poll(
      () => streams.slice(streamsBefore).find(({ upstream }) => upstream === survivor?.upstream),
      {
        timeout: 30_000,
      },
    )
    .toBeDefined()
  const reconnected = streams
    .slice(streamsBefore)
    .find(({ upstream }) => upstream === survivor?.upstream)
  console.log(
    `live feed failover: ${(reconnected?.at ?? 0) - stoppedAt} ms from SIGTERM of ${holder?.name} to a stream from ${survivor?.name}`,
  )

  // And resumes: the next payout arrives on the new stream, without a reload.
  await codeBox(page).fill('dew-drop')
  await submitButton(page).click()
  // The first submission's toast may still show; the newest is this one's.
  await expect(page.getByText(dashboardTexts.codeSubmitted).last()).toBeVisible()
  await expect(paid('dew-drop')).toContainText('+25.0000 FERN', { timeout: 30_000 })
  await expect(paid('moon-cap')).toContainText('+25.0000 FERN')
  expect(await page.evaluate(() => 'fernwoodSameDocument' in window)).toBe(true)
  expect(pageErrors).toEqual([])
})
