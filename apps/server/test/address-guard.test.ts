import type { LookupAddress } from 'node:dns'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { guardedAgent, guardedLookup, refusedDestination } from '../src/outbound/address-guard.ts'
import { sendSignedMessage } from '../src/outbound/signed-sender.ts'

// A receiver on loopback that counts what reaches it: what a request to our own network would hit.
let receiver: Server
let port: number
let received = 0

beforeAll(async () => {
  receiver = createServer((_request, response) => {
    received += 1
    response.end('{}')
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  port = (receiver.address() as AddressInfo).port
})
afterAll(() => new Promise((resolve) => receiver.close(resolve)))

const publicOnly = { allowLoopback: false, allowPrivate: false }

/** A name server that answers `answers` in turn: a rebinding one, public first, then loopback. */
function rebinding(...answers: LookupAddress[][]) {
  let asked = 0
  return async () => answers[Math.min(asked++, answers.length - 1)]
}

const PUBLIC: LookupAddress = { address: '93.184.215.14', family: 4 }
const LOOPBACK: LookupAddress = { address: '127.0.0.1', family: 4 }

describe('the SSRF guard', () => {
  it('refuses loopback, private, link-local and IPv4-mapped inside addresses named in a URL', async () => {
    for (const url of [
      'https://127.0.0.1/hook',
      'https://10.1.2.3/hook',
      'https://192.168.0.9/hook',
      'https://169.254.169.254/latest',
      'https://[::ffff:10.0.0.1]/hook',
      'https://[fd00::1]/hook',
    ]) {
      expect(await refusedDestination(url, publicOnly), url).toBeDefined()
    }
    expect(await refusedDestination('https://93.184.215.14/hook', publicOnly)).toBeUndefined()
    expect(await refusedDestination('http://93.184.215.14/hook', publicOnly)).toBe('not HTTPS')
  })

  it('checks the address a request connects to: a name resolving elsewhere after the check reaches nothing', async () => {
    const lookup = guardedLookup(publicOnly, rebinding([PUBLIC], [LOOPBACK]))
    const first = await new Promise<unknown>((resolve) =>
      lookup('hooks.partner.test', { all: true }, (error, addresses) =>
        resolve(error ?? addresses),
      ),
    )
    expect(first).toEqual([PUBLIC])
    const second = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      lookup('hooks.partner.test', { all: true }, (error) => resolve(error)),
    )
    expect(second?.code).toBe('EADDRREFUSED')
    expect(second?.message).toContain('loopback')
  })

  it('a signed message to a name that resolves to loopback is refused before it connects, unless loopback is allowed', async () => {
    const before = received
    const agentOf = (policy: typeof publicOnly) => guardedAgent(policy, rebinding([LOOPBACK]))
    const message = {
      url: `http://hooks.partner.test:${port}/hook`,
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      id: 'msg_guard_test',
      payload: '{}',
      timeoutMs: 5000,
    }
    const refused = await sendSignedMessage({ ...message, dispatcher: await agentOf(publicOnly) })
    expect(refused.ok).toBe(false)
    expect(received).toBe(before)

    // The same name, allowed: the guard's own resolution is the one the socket connects to.
    const allowed = await sendSignedMessage({
      ...message,
      dispatcher: await agentOf({ allowLoopback: true, allowPrivate: false }),
    })
    expect(allowed).toEqual({ ok: true })
    expect(received).toBe(before + 1)
  })
})
