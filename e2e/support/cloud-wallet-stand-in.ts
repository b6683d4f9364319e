/**
 * A local stand-in for WAX Cloud Wallet's two login endpoints, speaking the protocol
 * `@wharfkit/wallet-plugin-cloudwallet` 1.5.0 expects (its `login.ts` and `utils.ts`):
 *
 * - `GET /login` (the auto-accept API): WAX answers a visitor without a WAX session cookie with an
 *   error, and the plugin falls back to the popup. The stand-in always answers 401, with the CORS
 *   headers the real API sends, so the plugin reads the failure rather than a network error.
 * - `GET /cloud-wallet/login?n={base64 nonce}` (the popup): a page where the visitor approves or
 *   declines; approving posts WAX's login answer to `window.opener`, with WAX's ownership proof:
 *   `proof.wax`'s key signing `cloudwallet-verification-{referer}-{nonce}-{account}`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { seedPrivateKey } from '@fernwood/devchain'
import { Bytes, PrivateKey } from '@wharfkit/session'

export interface CloudWalletStandIn {
  /** `http://127.0.0.1:<port>`: both the popup site and the auto-accept API. */
  url: string
  /** The site the stand-in vouches for in its proofs, as WAX does for the dapp that opened it. */
  dappOrigin: string | undefined
  /** The `n` (base64 nonce) of every auto-accept login attempted, in order. */
  readonly autoLoginNonces: string[]
  close(): Promise<void>
}

const proofKey = PrivateKey.from(seedPrivateKey('proof.wax'))

export async function startCloudWalletStandIn(): Promise<CloudWalletStandIn> {
  const standIn: CloudWalletStandIn = {
    url: '',
    dappOrigin: undefined,
    autoLoginNonces: [],
    close: () =>
      new Promise((done, fail) => {
        server.close((error) => (error ? fail(error) : done()))
        server.closeAllConnections()
      }),
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', standIn.url)
    if (url.pathname === '/login') return answerAutoLogin(request, response, url, standIn)
    if (url.pathname === '/cloud-wallet/login') return sendHtml(response, approvalPage(url))
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
  const nonce = url.searchParams.get('n') ?? ''
  return `<!doctype html>
<title>Cloud Wallet (stand-in)</title>
<form action="/cloud-wallet/approve" method="get">
  <input type="hidden" name="n" value="${escapeHtml(nonce)}">
  <label>Account <input name="account" value="alice.wam"></label>
  <button name="decision" value="approve">Approve</button>
  <button name="decision" value="decline">Decline</button>
</form>`
}

/** Posts the login answer to the dapp, as WAX's popup does. */
function approve(response: ServerResponse, url: URL, standIn: CloudWalletStandIn): void {
  const account = url.searchParams.get('account') ?? ''
  const nonce = Buffer.from(url.searchParams.get('n') ?? '', 'base64').toString('utf8')
  const referer = standIn.dappOrigin ?? ''
  const answer =
    url.searchParams.get('decision') === 'approve'
      ? {
          verified: true,
          userAccount: account,
          pubKeys: [],
          whitelistedContracts: [],
          isTemp: false,
          autoLogin: false,
          proof: {
            verified: true,
            data: {
              signature: String(
                proofKey.signMessage(
                  Bytes.from(`cloudwallet-verification-${referer}-${nonce}-${account}`, 'utf8'),
                ),
              ),
              referer,
            },
          },
        }
      : { verified: false }
  sendHtml(
    response,
    // The popup stays open: a window that closes at once is gone before the dapp reads the
    // message, whose `source` it checks.
    `<!doctype html><p>Done.</p><script>
window.opener.postMessage(${JSON.stringify(answer)}, ${JSON.stringify(referer || '*')})
</script>`,
  )
}

function sendHtml(response: ServerResponse, html: string): void {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html)
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)
}
