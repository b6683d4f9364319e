/**
 * A stand-in for what the Wombat extension puts in a page: the Scatter interface, as
 * `window.scatter` announced by a `scatterLoaded` event, which ScatterJS (inside
 * `@wharfkit/protocol-scatter`, under `@wharfkit/wallet-plugin-wombat`) finds and talks to. Its
 * identity is one devchain account, and it signs with that account's devchain key in the test's
 * process (test support only: no page ever sees the key).
 */
import { DEV_WALLET_PRIVATE_KEY, DEVCHAIN_CHAIN_ID } from '@fernwood/devchain'
import type { Page } from '@playwright/test'
import { Bytes, PrivateKey } from '@wharfkit/session'

export interface ScatterStandIn {
  /** Every `getArbitrarySignature` request, in order: the key asked for and the data signed. */
  readonly signed: Array<{ publicKey: string; data: string }>
}

export interface ScatterStandInOptions {
  /** the account the extension holds (its active permission holds the Dev Wallet's key) */
  account?: string
  /** the visitor declines to sign, as the extension's prompt allows */
  declineSignature?: boolean
}

const key = PrivateKey.from(DEV_WALLET_PRIVATE_KEY)

/** Injects the stand-in into every page of `page`'s context from its first script on. */
export async function injectScatterStandIn(
  page: Page,
  { account = 'alice.wam', declineSignature = false }: ScatterStandInOptions = {},
): Promise<ScatterStandIn> {
  const standIn: ScatterStandIn = { signed: [] }
  await page.context().exposeBinding('fernwoodScatterSign', (_source, publicKey, data) => {
    standIn.signed.push({ publicKey, data })
    if (publicKey !== String(key.toPublic())) throw new Error('no such key in this wallet')
    return String(key.signMessage(Bytes.from(data, 'utf8')))
  })
  await page.context().addInitScript(injectScatter, {
    account,
    declineSignature,
    publicKey: String(key.toPublic()),
    chainId: DEVCHAIN_CHAIN_ID,
  })
  return standIn
}

/** Runs in the page: the injected interface, as a Scatter-compatible extension shapes it. */
function injectScatter(options: {
  account: string
  declineSignature: boolean
  publicKey: string
  chainId: string
}) {
  const sign = (window as unknown as Record<string, (key: string, data: string) => string>)
    .fernwoodScatterSign
  const identity = {
    hash: 'stand-in',
    name: 'stand-in',
    publicKey: options.publicKey,
    accounts: [
      {
        name: options.account,
        authority: 'active',
        publicKey: options.publicKey,
        blockchain: 'eos',
        chainId: options.chainId,
        isHardware: false,
      },
    ],
  }
  const scatter = {
    identity: null as typeof identity | null,
    async getIdentity() {
      scatter.identity = identity
      return identity
    },
    useIdentity(chosen: typeof identity) {
      scatter.identity = chosen
    },
    async getIdentityFromPermissions() {
      return scatter.identity
    },
    async forgetIdentity() {
      scatter.identity = null
      return true
    },
    async suggestNetwork() {
      return true
    },
    async getArbitrarySignature(publicKey: string, data: string) {
      if (options.declineSignature) {
        // Scatter's refusal: a plain object, as its wallets send it.
        throw {
          type: 'signature_rejected',
          message: 'User rejected the signature request',
          code: 402,
          isError: true,
        }
      }
      return sign(publicKey, data)
    },
    // The signing connector eosjs builds; Fernwood never asks Wombat to sign a transaction.
    eos() {
      return {}
    },
  }
  Object.assign(window, { scatter })
  document.dispatchEvent(new CustomEvent('scatterLoaded'))
}
