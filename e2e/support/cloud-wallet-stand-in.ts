/**
 * A local stand-in for WAX's Cloud Wallet, speaking both protocols its WharfKit plugin has had.
 *
 * `@wharfkit/wallet-plugin-cloudwallet` 1.5.0 (its `login.ts` and `utils.ts`):
 * - `GET /login` (the auto-accept API): WAX answers a visitor without a WAX session cookie with an
 *   error, and the plugin falls back to the popup. The stand-in always answers 401, with the CORS
 *   headers the real API sends, so the plugin reads the failure rather than a network error.
 * - `GET /cloud-wallet/login?n={base64 nonce}` (the popup): a page where the visitor approves or
 *   declines; approving posts WAX's login answer to `window.opener`, with WAX's ownership proof:
 *   `proof.wax`'s key signing `cloudwallet-verification-{referer}-{nonce}-{account}`.
 *
 * The current plugin, 1.6 and later, for the new My Cloud Wallet (its `index.ts` `waxLogin`,
 * `login.ts` `popupLogin`, `utils.ts` `isValidEvent`):
 * - no auto-accept API: the popup alone, `GET /cloud-wallet/login?v={plugin version}&n={base64
 *   nonce}`, opened as a window named `WalletPluginCloudWalletPopup`;
 * - the answer is one message to the opener, from the popup's own origin and window:
 *   `{verified, userAccount, permission, pubKeys, proof: {data}}`, where `proof.data` holds an
 *   Antelope identity proof's fields (chainId, scope, expiration, signer, signature), which the
 *   plugin turns into the login's `identityProof` as they are. Here the account's devchain key
 *   signs it, for the app name the stand-in is told (the dapp's, as WAX learns it from the site
 *   that opened it).
 * The `v` parameter tells the two apart, as it tells WAX.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { DEV_WALLET_PRIVATE_KEY, DEVCHAIN_CHAIN_ID, seedPrivateKey } from '@fernwood/devchain'
import {
  Bytes,
  Checksum256,
  IdentityProof,
  PrivateKey,
  Serializer,
  TimePointSec,
} from '@wharfkit/session'

export interface CloudWalletStandIn {
  /** `http://127.0.0.1:<port>`: both the popup site and the auto-accept API. */
  url: string
  /** The site the stand-in vouches for in its proofs, as WAX does for the dapp that opened it. */
  dappOrigin: string | undefined
  /** The Antelope app name the current protocol's identity proofs are scoped to. */
  dappName: string
  /** The `n` (base64 nonce) of every auto-accept login attempted, in order. */
  readonly autoLoginNonces: string[]
  /** The query of every popup login opened, in order. */
  readonly popupLogins: URLSearchParams[]
  close(): Promise<void>
}

const proofKey = PrivateKey.from(seedPrivateKey('proof.wax'))
// The devchain users' active permissions hold this key, as a user's own keys sign in My Cloud Wallet.
const accountKey = PrivateKey.from(DEV_WALLET_PRIVATE_KEY)

export async function startCloudWalletStandIn(): Promise<CloudWalletStandIn> {
  const standIn: CloudWalletStandIn = {
    url: '',
    dappOrigin: undefined,
    dappName: 'fernwood',
    autoLoginNonces: [],
    popupLogins: [],
    close: () =>
      new Promise((done, fail) => {
        server.close((error) => (error ? fail(error) : done()))
        server.closeAllConnections()
      }),
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', standIn.url)
    if (url.pathname === '/login') return answerAutoLogin(request, response, url, standIn)
    if (url.pathname === '/cloud-wallet/login') {
      standIn.popupLogins.push(url.searchParams)
      return sendHtml(response, approvalPage(url))
    }
    if (url.pathname === '/cloud-wallet/approve') return approve(response, url, standIn)
    response.writeHead(404).end()
  })
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return standIn
}

function answerAutoLogin(
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  standIn: CloudWalletStandIn,
): void {
  // The plugin sends credentials and an X-Referer-Url header, so the browser asks first.
  const cors = {
    'access-control-allow-origin': request.headers.origin ?? '*',
    'access-control-allow-credentials': 'true',
    'access-control-allow-headers': 'x-referer-url',
  }
  if (request.method === 'OPTIONS') {
    response.writeHead(204, cors).end()
    return
  }
  standIn.autoLoginNonces.push(url.searchParams.get('n') ?? '')
  response
    .writeHead(401, { ...cors, 'content-type': 'application/json' })
    .end(JSON.stringify({ error: 'no WAX session' }))
}

/** The popup: the visitor's account, and Approve / Decline as WAX's consent screen offers. */
function approvalPage(url: URL): string {
  const hidden = (name: string) =>
    `<input type="hidden" name="${name}" value="${escapeHtml(url.searchParams.get(name) ?? '')}">`
  return `<!doctype html>
<title>Cloud Wallet (stand-in)</title>
<form action="/cloud-wallet/approve" method="get">
  ${hidden('n')}
  ${url.searchParams.has('v') ? hidden('v') : ''}
  <label>Account <input name="account" value="alice.wam"></label>
  <button name="decision" value="approve">Approve</button>
  <button name="decision" value="decline">Decline</button>
</form>`
}

/** Posts the login answer to the dapp, as WAX's popup does, in the protocol the plugin spoke. */
function approve(response: ServerResponse, url: URL, standIn: CloudWalletStandIn): void {
  const account = url.searchParams.get('account') ?? ''
  const nonce = Buffer.from(url.searchParams.get('n') ?? '', 'base64').toString('utf8')
  const referer = standIn.dappOrigin ?? ''
  const approved = url.searchParams.get('decision') === 'approve'
  const answer = !approved
    ? { verified: false }
    : url.searchParams.has('v')
      ? currentAnswer(account, standIn.dappName)
      : legacyAnswer(account, nonce, referer)
  sendHtml(
    response,
    // The popup stays open: a window that closes at once is gone before the dapp reads the
    // message, whose `source` it checks.
    `<!doctype html><p>Done.</p><script>
window.opener.postMessage(${JSON.stringify(answer)}, ${JSON.stringify(referer || '*')})
</script>`,
  )
}

/** Plugin 1.5.0's answer: WAX's signature over the referer, the nonce and the account. */
function legacyAnswer(account: string, nonce: string, referer: string) {
  const message = `cloudwallet-verification-${referer}-${nonce}-${account}`
  return {
    verified: true,
    userAccount: account,
    pubKeys: [],
    whitelistedContracts: [],
    isTemp: false,
    autoLogin: false,
    proof: {
      verified: true,
      data: { signature: String(proofKey.signMessage(Bytes.from(message, 'utf8'))), referer },
    },
  }
}

/** The new My Cloud Wallet's answer: an identity proof of the account's active permission. */
function currentAnswer(account: string, scope: string) {
  const fields = {
    chainId: DEVCHAIN_CHAIN_ID,
    scope,
    expiration: TimePointSec.fromMilliseconds(Date.now() + 10 * 60_000),
    signer: { actor: account, permission: 'active' },
  }
  // The signature covers the proof's own transaction, which any signature completes.
  const unsigned = IdentityProof.from({
    ...fields,
    signature: accountKey.signDigest(Checksum256.hash(Bytes.from('unsigned', 'utf8'))),
  })
  const signature = accountKey.signDigest(unsigned.transaction.signingDigest(unsigned.chainId))
  return {
    verified: true,
    userAccount: account,
    permission: 'active',
    pubKeys: [String(accountKey.toPublic())],
    proof: { data: Serializer.objectify(IdentityProof.from({ ...fields, signature })) },
  }
}

function sendHtml(response: ServerResponse, html: string): void {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html)
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)
}
