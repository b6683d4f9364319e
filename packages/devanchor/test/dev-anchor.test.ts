import { deflateRawSync } from 'node:zlib'
import { DEV_WALLET_PUBLIC_KEY, DEVCHAIN_CHAIN_ID, startDevchain } from '@fernwood/devchain'
import { startRelay } from '@fernwood/relay'
import { send } from '@greymass/buoy'
import {
  Action,
  APIClient,
  PublicKey,
  Serializer,
  SignedTransaction,
  Transaction,
} from '@wharfkit/antelope'
import {
  LinkInfo,
  sealMessage,
  setTransactionCallback,
  waitForCallback,
} from '@wharfkit/protocol-esr'
import { Base64u, ResolvedSigningRequest, SigningRequest } from '@wharfkit/signing-request'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { WebSocket } from 'ws'
import { esrOptionsFor } from '../src/esr-options.ts'
import { DevAnchor, type LinkEvent, listenOnLinkChannel } from '../src/index.ts'
import { loginRequest, translate } from './support/login-request.ts'

// The page's side is played by the same protocol-esr functions the Anchor wallet plugin calls.

type Running<T extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<T>>
let devchain: Running<typeof startDevchain>
let relay: Running<typeof startRelay>
let client: APIClient
let anchor: DevAnchor

beforeAll(async () => {
  ;[devchain, relay] = await Promise.all([
    startDevchain({ port: 0, blockIntervalMs: 100 }),
    startRelay(),
  ])
  client = new APIClient({ url: devchain.url })
  anchor = new DevAnchor({ client })
})
afterAll(async () => {
  await relay.close()
  await devchain.close()
})

/** The login request the Anchor plugin shows as a QR code, and the callback it waits on. */
const loginRequestHere = () => loginRequest(devchain.url, client, relay.url)

async function activeAuthorityOf(account: string) {
  return (await client.v1.chain.get_account(account)).getPermission('active').required_auth
}

describe('answering a login', () => {
  it("approving posts Anchor's callback: a signer, the chain, a valid identity proof and a link", async () => {
    const login = await loginRequestHere()
    const callback = waitForCallback(login.callback, WebSocket, translate)

    await anchor.approve(login.link, { account: 'bob.wam' })
    const payload = await callback

    expect(payload).toMatchObject({ sa: 'bob.wam', sp: 'active', cid: DEVCHAIN_CHAIN_ID })
    for (const field of ['sig', 'tx', 'rbn', 'rid', 'ex', 'req', 'link_ch', 'link_key']) {
      expect(payload[field], field).toEqual(expect.any(String))
    }
    expect(payload.link_name).toBe('Dev Anchor')
    expect(JSON.parse(payload.link_meta as string)).toEqual({ sameDevice: false })
    expect(payload.link_ch).toMatch(new RegExp(`^${relay.url}/[0-9a-f-]{36}$`))

    // The plugin turns the callback into the identity proof our server verifies.
    const resolved = await ResolvedSigningRequest.fromPayload(payload, esrOptionsFor(client))
    const proof = resolved.getIdentityProof(payload.sig)
    expect(String(proof.scope)).toBe('fernwood')
    expect(String(proof.signer)).toBe('bob.wam@active')
    expect(proof.verify(await activeAuthorityOf('bob.wam'), new Date())).toBe(true)
  })

  it('declining answers like a cancelling phone: the plugin reports the request cancelled', async () => {
    const login = await loginRequestHere()
    const callback = waitForCallback(login.callback, WebSocket, translate)
    await anchor.decline(login.link)
    await expect(callback).rejects.toThrow('The request was cancelled from Anchor.')
  })

  it('inspecting names the kind of request and the app asking', async () => {
    const login = await loginRequestHere()
    expect(await anchor.inspect(login.link)).toMatchObject({
      kind: 'identity',
      chainId: DEVCHAIN_CHAIN_ID,
      appName: 'fernwood',
      actions: [],
    })
  })

  it('refuses what is not a signing request, and callbacks its owner did not allow', async () => {
    await expect(anchor.approve('https://example.com')).rejects.toThrow(/not a signing request/)
    const guarded = new DevAnchor({ client, callbackAllowed: () => false })
    const login = await loginRequestHere()
    await expect(guarded.approve(login.link)).rejects.toThrow(/Refusing to post/)
  })
})

describe('reading links of any size', () => {
  /** A request of `count` transfers, as the kit would make it (compressed). */
  async function transfersRequest(count: number) {
    const { abi } = await client.v1.chain.get_abi('eosio.token')
    if (!abi) throw new Error('the devchain serves no eosio.token ABI')
    const transfer = Action.from(
      {
        account: 'eosio.token',
        name: 'transfer',
        authorization: [{ actor: 'alice.wam', permission: 'active' }],
        data: { from: 'alice.wam', to: 'bob.wam', quantity: '0.00000001 WAX', memo: '' },
      },
      abi,
    )
    const request = await SigningRequest.create(
      { actions: Array(count).fill(transfer), chainId: DEVCHAIN_CHAIN_ID, broadcast: false },
      esrOptionsFor(client),
    )
    return request.encode(true, false, 'esr:')
  }

  it('a small link that inflates past 16 KiB is refused before it is decoded', async () => {
    // 300 transfers: a 300-character link for 20 KB of request.
    const many = await transfersRequest(300)
    expect(many.length).toBeLessThan(1_000)
    await expect(anchor.inspect(many)).rejects.toThrow(
      'This request is larger than the Dev Anchor reads (16384 bytes inflated)',
    )
    // A zip bomb: 12 MB of zeros, deflated into a 16 KB link.
    const bomb = `esr:${Base64u.encode(new Uint8Array([0x82, ...deflateRawSync(Buffer.alloc(12_000_000))]))}`
    expect(bomb.length).toBeLessThanOrEqual(16_384)
    await expect(anchor.inspect(bomb)).rejects.toThrow(/larger than the Dev Anchor reads/)
    await expect(anchor.approve(bomb)).rejects.toThrow(/larger than the Dev Anchor reads/)
  })

  it('a link longer than 16,384 characters is not read at all', async () => {
    const long = `esr:${'g'.repeat(16_381)}`
    await expect(anchor.inspect(long)).rejects.toThrow(
      'This link is longer than the Dev Anchor reads (16384 characters)',
    )
  })

  it('inspecting names the actions without fetching an ABI', async () => {
    const counted = new APIClient({ url: devchain.url })
    const getAbi = vi.spyOn(counted.v1.chain, 'get_abi')
    const summary = await new DevAnchor({ client: counted }).inspect(await transfersRequest(100))
    expect(summary.actions).toHaveLength(100)
    expect(summary.actions[99]).toEqual({ account: 'eosio.token', name: 'transfer' })
    expect(getAbi).not.toHaveBeenCalled()
  })

  it('resolving a request of many actions on one contract fetches its ABI once, not per action', async () => {
    const counted = new APIClient({ url: devchain.url })
    const getAbi = vi.spyOn(counted.v1.chain, 'get_abi')
    const request = new DevAnchor({ client: counted }).decode(await transfersRequest(100))
    const abis = await request.fetchAbis()
    expect(request.resolveActions(abis)).toHaveLength(100)
    expect(getAbi).toHaveBeenCalledTimes(1)
  })
})

describe('serving the link session', () => {
  it('a sealed transaction request on the link channel is opened, signed and answered; it lands on the chain', async () => {
    const login = await loginRequestHere()
    const loggedIn = waitForCallback(login.callback, WebSocket, translate)
    const { session } = await anchor.approve(login.link, { account: 'alice.wam' })
    const loginPayload = await loggedIn
    if (!session) throw new Error('the login kept no link session')
    const events: LinkEvent[] = []
    const channel = listenOnLinkChannel(anchor, session, { onEvent: (event) => events.push(event) })
    await channel.connected

    // What the plugin's sign() does with the transaction the kit built.
    const info = await client.v1.chain.get_info()
    const { abi } = await client.v1.chain.get_abi('eosio.token')
    if (!abi) throw new Error('the devchain serves no eosio.token ABI')
    const header = info.getTransactionHeader(60)
    const transaction = Transaction.from(
      {
        expiration: header.expiration,
        ref_block_num: header.ref_block_num,
        ref_block_prefix: header.ref_block_prefix,
        actions: [
          {
            account: 'eosio.token',
            name: 'transfer',
            authorization: [{ actor: 'alice.wam', permission: 'active' }],
            data: {
              from: 'alice.wam',
              to: 'bob.wam',
              quantity: '0.00000001 WAX',
              memo: 'over the link',
            },
          },
        ],
      },
      [{ contract: 'eosio.token', abi }],
    )
    const request = await SigningRequest.create(
      // Wharf broadcasts itself, so its requests never ask the wallet to.
      { transaction, chainId: DEVCHAIN_CHAIN_ID, broadcast: false },
      esrOptionsFor(client),
    )
    request.setInfoKey('link', LinkInfo.from({ expiration: transaction.expiration }))
    const callback = setTransactionCallback(request, relay.url)
    const answered = waitForCallback(callback, WebSocket, translate)
    const sealed = await sealMessage(
      request.encode(true, false, 'esr:'),
      login.privateKey,
      PublicKey.from(loginPayload.link_key as string),
    )
    await send(Serializer.encode({ object: sealed }).array, {
      service: relay.url,
      channel: new URL(session.channelUrl).pathname.slice(1),
    })

    const payload = await answered
    expect(payload).toMatchObject({ sa: 'alice.wam', sp: 'active', tx: String(transaction.id) })
    const signed = SignedTransaction.from({ ...transaction, signatures: [payload.sig] })
    const signer = signed.signatures[0]?.recoverDigest(transaction.signingDigest(DEVCHAIN_CHAIN_ID))
    expect(signer?.equals(DEV_WALLET_PUBLIC_KEY)).toBe(true)
    const pushed = await client.v1.chain.send_transaction(signed)
    expect(String(pushed.transaction_id)).toBe(String(transaction.id))
    await expect
      .poll(() => events)
      .toEqual([{ kind: 'approved', transactionId: String(transaction.id) }])
    channel.close()
  })
})
