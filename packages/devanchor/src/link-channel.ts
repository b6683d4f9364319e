import { Listener, ListenerEncoding } from '@greymass/buoy'
import { Checksum256, Serializer } from '@wharfkit/antelope'
import { createIV, SealedMessage, unsealMessage } from '@wharfkit/sealed-messages'
import { WebSocket } from 'ws'
import type { DevAnchor, LinkSession } from './dev-anchor.ts'

/** One signing request that arrived over the link, and what became of it. */
export type LinkEvent =
  | { kind: 'approved'; transactionId: string }
  | { kind: 'declined' }
  | { kind: 'failed'; error: Error }

export interface LinkChannelOptions {
  /** decides each request; approving all is the default, as `--serve` does */
  decide?: (link: string) => 'approve' | 'decline' | Promise<'approve' | 'decline'>
  onEvent?: (event: LinkEvent) => void
}

export interface LinkChannel {
  /** resolves once the relay has the channel's WebSocket open */
  connected: Promise<void>
  close(): void
}

/**
 * Listens on the session's link channel, as Anchor does after a login, and answers each sealed
 * signing request the page's plugin posts there: opened with the link key (AES-CBC with the
 * shared secret, its checksum checked), then approved or declined like any other request.
 */
export function listenOnLinkChannel(
  anchor: DevAnchor,
  session: LinkSession,
  options: LinkChannelOptions = {},
): LinkChannel {
  const url = new URL(session.channelUrl)
  const channel = url.pathname.slice(url.pathname.lastIndexOf('/') + 1)
  const service = `${url.origin}${url.pathname.slice(0, url.pathname.lastIndexOf('/'))}`
  // The buoy client the Anchor plugin itself uses, here with Node's WebSocket.
  const listener = new Listener({
    service,
    channel,
    encoding: ListenerEncoding.binary,
    WebSocket,
  })
  const connected = new Promise<void>((resolve) => listener.once('connect', () => resolve()))

  listener.on('message', (bytes: Uint8Array) => {
    answer(bytes).then(
      (event) => options.onEvent?.(event),
      (error: Error) => options.onEvent?.({ kind: 'failed', error }),
    )
  })
  // Socket errors are followed by a reconnect; message errors name a bad frame, ignored here.
  listener.on('error', () => {})

  async function answer(bytes: Uint8Array): Promise<LinkEvent> {
    const link = openSealedMessage(bytes, session)
    const decision = options.decide ? await options.decide(link) : 'approve'
    if (decision === 'decline') {
      await anchor.decline(link)
      return { kind: 'declined' }
    }
    const { payload } = await anchor.approveForSession(link, session)
    return { kind: 'approved', transactionId: payload.tx }
  }

  return { connected, close: () => listener.disconnect() }
}

/** The signing request inside a sealed message, refused unless its checksum proves the key. */
export function openSealedMessage(bytes: Uint8Array, session: LinkSession): string {
  const message = Serializer.decode({ data: bytes, type: SealedMessage })
  if (!message.from.equals(session.requestKey)) {
    throw new Error('The sealed message is not from the page this session was made with')
  }
  const secret = session.linkKey.sharedSecret(message.from)
  const iv = createIV(message.nonce, secret)
  const checksum = new DataView(Checksum256.hash(iv.array).array.buffer).getUint32(0, true)
  if (checksum !== message.checksum.toNumber()) {
    throw new Error('The sealed message does not open with this session’s key (checksum)')
  }
  return unsealMessage(message.ciphertext, session.linkKey, message.from, message.nonce)
}
