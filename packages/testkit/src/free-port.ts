import { once } from 'node:events'
import { createServer } from 'node:net'

/** A TCP port nothing listens on at 127.0.0.1 right now, chosen by the OS. */
export async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1')
  await once(probe, 'listening')
  const address = probe.address()
  probe.close()
  if (!address || typeof address === 'string') throw new Error('no TCP address')
  return address.port
}
