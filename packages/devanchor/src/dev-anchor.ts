import { DEV_WALLET_PRIVATE_KEY } from '@fernwood/devchain'
import {
  type APIClient,
  Name,
  PermissionLevel,
  PrivateKey,
  type PublicKey,
} from '@wharfkit/antelope'
import { BuoySession } from '@wharfkit/protocol-esr'
import {
  type CallbackPayload,
  type ResolvedSigningRequest,
  SigningRequest,
} from '@wharfkit/signing-request'
import { esrOptionsFor } from './esr-options.ts'
import { MAX_LINK_CHARACTERS, MAX_REQUEST_BYTES } from './request-limits.ts'

export interface DevAnchorOptions {
  /** the devchain's node API: ABIs, the head block for TaPoS, and broadcasting */
  client: APIClient
  /** the documented dev key of the users' `active` permission by default */
  privateKey?: string
  /** what the page's kit calls this device ('Please open your Anchor Wallet on "{name}"') */
  deviceName?: string
  /** refuses to post a callback anywhere this says no to (the server's page allows only its relay) */
  callbackAllowed?: (url: URL) => boolean
}

/** What a signing request asks for, as a person approving it wants to see it. */
export interface RequestSummary {
  kind: 'identity' | 'transaction'
  chainId: string
  /** the app asking, from the request's link info (identity requests) */
  appName: string | undefined
  actions: Array<{ account: string; name: string }>
  callbackUrl: string | undefined
}

/**
 * A link session, kept by both sides after a login: the page seals signing requests with its
 * request key and the wallet's link key, and posts them to the wallet's link channel.
 */
export interface LinkSession {
  signer: PermissionLevel
  chainId: string
  /** the wallet's channel on the relay, `{relay}/{channel}` */
  channelUrl: string
  /** the wallet's half of the shared secret */
  linkKey: PrivateKey
  /** the page's public request key, from the login request */
  requestKey: PublicKey
}

export interface Approval {
  payload: CallbackPayload
  /** set when the request was a login that asked for a link session */
  session?: LinkSession
}

/** What Anchor answers when its user cancels: no signer, so the plugin reports a cancellation. */
export const DECLINED_PAYLOAD = { rejected: 'User canceled request' } as const

const IDENTITY_PROOF_SECONDS = 60
const TRANSACTION_EXPIRE_SECONDS = 120

/**
 * The devchain's stand-in for the Anchor app on a phone: it reads `esr:` links with the real
 * signing-request library, resolves them against the devchain, signs with the dev key and posts
 * the callback Anchor posts, link fields included, so the page's plugin keeps a link session.
 */
export class DevAnchor {
  readonly #client: APIClient
  readonly #key: PrivateKey
  readonly #deviceName: string
  readonly #callbackAllowed: (url: URL) => boolean
  readonly #esrOptions: ReturnType<typeof esrOptionsFor>

  constructor(options: DevAnchorOptions) {
    this.#client = options.client
    this.#key = PrivateKey.from(options.privateKey ?? DEV_WALLET_PRIVATE_KEY)
    this.#deviceName = options.deviceName ?? 'Dev Anchor'
    this.#callbackAllowed = options.callbackAllowed ?? (() => true)
    this.#esrOptions = esrOptionsFor(options.client)
  }

  /** Reads a link without answering it. */
  async inspect(link: string): Promise<RequestSummary> {
    const request = this.decode(link)
    const session = request.isIdentity() ? request.getInfoKey('link', BuoySession) : undefined
    return {
      kind: request.isIdentity() ? 'identity' : 'transaction',
      chainId: String(request.getChainId()),
      appName: session ? String(session.session_name) : undefined,
      // Naming the actions needs no ABI: their data is decoded only when signing.
      actions: request.isIdentity()
        ? []
        : request.getRawActions().map(({ account, name }) => ({
            account: String(account),
            name: String(name),
          })),
      callbackUrl: request.data.callback || undefined,
    }
  }

  /**
   * Approves a request as `account` (the request's own account if it names one): signs it and
   * posts the callback. A login that carries the page's request key gets a link session.
   */
  async approve(link: string, signer: { account?: string; permission?: string } = {}) {
    const request = this.decode(link)
    const identity = request.isIdentity() ? request.getIdentity() : null
    const permissionLevel = PermissionLevel.from({
      actor: identity ? String(identity) : (signer.account ?? 'alice.wam'),
      permission: request.getIdentityPermission() ?? Name.from(signer.permission ?? 'active'),
    })
    return this.approveAs(request, permissionLevel)
  }

  /** Answers as a phone whose user pressed Decline. */
  async decline(link: string): Promise<void> {
    const request = this.decode(link)
    await this.postCallback(request.data.callback, DECLINED_PAYLOAD)
  }

  /** Signs a request that arrived over a link session, as its logged-in account. */
  async approveForSession(link: string, session: LinkSession): Promise<Approval> {
    const request = this.decode(link)
    if (!request.getChainId().equals(session.chainId)) {
      throw new Error('The request is for another chain than its session')
    }
    return this.approveAs(request, session.signer)
  }

  /** Reads a link, refusing one longer than MAX_LINK_CHARACTERS or inflating past MAX_REQUEST_BYTES. */
  decode(link: string): SigningRequest {
    const trimmed = link.trim()
    if (trimmed.length > MAX_LINK_CHARACTERS) {
      throw new Error(
        `This link is longer than the Dev Anchor reads (${MAX_LINK_CHARACTERS} characters)`,
      )
    }
    try {
      return SigningRequest.from(trimmed, this.#esrOptions)
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new Error(
          `This request is larger than the Dev Anchor reads (${MAX_REQUEST_BYTES} bytes inflated)`,
          { cause: error },
        )
      }
      throw new Error('This is not a signing request link (esr:…)', { cause: error })
    }
  }

  private async approveAs(request: SigningRequest, signer: PermissionLevel): Promise<Approval> {
    const info = await this.#client.v1.chain.get_info()
    if (!request.isMultiChain() && !request.getChainId().equals(info.chain_id)) {
      throw new Error(`The request is for chain ${request.getChainId()}, not this devchain`)
    }
    const abis = await request.fetchAbis()
    const header = info.getTransactionHeader(
      request.isIdentity() ? IDENTITY_PROOF_SECONDS : TRANSACTION_EXPIRE_SECONDS,
    )
    const resolved = request.resolve(abis, signer, {
      expiration: header.expiration,
      ref_block_num: header.ref_block_num,
      ref_block_prefix: header.ref_block_prefix,
      chainId: info.chain_id,
    })
    const signature = this.#key.signDigest(resolved.signingDigest)
    // Wharf broadcasts what its wallets sign, so its requests never ask the wallet to.
    if (request.shouldBroadcast()) throw new Error('The Dev Anchor does not broadcast requests')
    const callback = resolved.getCallback([signature])
    if (!callback) throw new Error('The request names no callback to answer to')

    const session = request.isIdentity() ? this.linkSessionFor(resolved, callback.url) : undefined
    const payload: CallbackPayload = session
      ? {
          ...callback.payload,
          link_ch: session.channelUrl,
          link_key: String(session.linkKey.toPublic()),
          link_name: this.#deviceName,
          // A desktop-style device: the page shows its own QR for manual signing, no deep links.
          link_meta: JSON.stringify({ sameDevice: false }),
        }
      : callback.payload
    await this.postCallback(callback.url, payload)
    return { payload, ...(session && { session }) }
  }

  private linkSessionFor(
    resolved: ResolvedSigningRequest,
    callbackUrl: string,
  ): LinkSession | undefined {
    const link = resolved.request.getInfoKey('link', BuoySession)
    if (!link) return undefined
    // Anchor opens its channel on the relay the page listens on.
    const relay = callbackUrl.slice(0, callbackUrl.lastIndexOf('/'))
    return {
      signer: resolved.signer,
      chainId: String(resolved.chainId),
      channelUrl: `${relay}/${crypto.randomUUID()}`,
      linkKey: PrivateKey.generate('K1'),
      requestKey: link.request_key,
    }
  }

  private async postCallback(url: string, payload: object): Promise<void> {
    if (!url) throw new Error('The request names no callback to answer to')
    const target = new URL(url)
    if (!/^https?:$/.test(target.protocol) || !this.#callbackAllowed(target)) {
      throw new Error(`Refusing to post the answer to ${target.origin}${target.pathname}`)
    }
    const response = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    })
    if (!response.ok) throw new Error(`The relay answered ${response.status} to the callback`)
  }
}
