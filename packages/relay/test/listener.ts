import { WebSocket } from 'ws'

/** A buoy listener as the Anchor plugin runs one: v2, acknowledging every message it takes. */
export interface TestListener {
  socket: WebSocket
  /** the payloads received so far, without their buoy header */
  received: Buffer[]
  /** the next payload, received or yet to come */
  next(): Promise<Buffer>
  close(): Promise<void>
}

export async function listen(
  relayUrl: string,
  channel: string,
  { acknowledge = true, version = '2' } = {},
): Promise<TestListener> {
  const socket = new WebSocket(`${relayUrl.replace(/^http/, 'ws')}/${channel}?v=${version}`)
  const received: Buffer[] = []
  const waiting: Array<(payload: Buffer) => void> = []
  socket.on('message', (data: Buffer) => {
    let payload = data
    if (data[0] === 0x42 && data[1] === 0x42 && data[2] === 0x01) {
      if (acknowledge) socket.send(Buffer.from([0x42, 0x42, 0x02, data[3] as number]))
      payload = data.subarray(4)
    }
    const taker = waiting.shift()
    if (taker) taker(payload)
    else received.push(payload)
  })
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
  })
  return {
    socket,
    received,
    next: () => {
      const ready = received.shift()
      return ready ? Promise.resolve(ready) : new Promise((resolve) => waiting.push(resolve))
    },
    close: () =>
      new Promise((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) return resolve()
        socket.once('close', () => resolve())
        socket.close()
      }),
  }
}

/** A channel name as the Anchor plugin makes them. */
export function newChannel(): string {
  return crypto.randomUUID()
}
