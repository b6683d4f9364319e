import { describe, expect, it } from 'vitest'
import { walletOriginsFor } from './content-security-policy.ts'

const cloudWallet = {
  plugin: '1.5.0' as const,
  url: 'https://www.mycloudwallet.com',
  autoUrl: 'https://idm-api.mycloudwallet.com/v1/accounts/auto-accept',
}
const publicRelay = { relayUrl: 'https://cb.anchor.link' }

describe('the wallet services the browser may call', () => {
  it("on WAX with Cloud Wallet 1.5.0: its auto-accept API and its phones' direct-connect channel, and Anchor's public relay, over HTTPS and websocket", () => {
    expect(
      walletOriginsFor({ wallets: ['cloudwallet', 'anchor'], cloudWallet, anchor: publicRelay }),
    ).toEqual([
      'https://idm-api.mycloudwallet.com',
      'https://direct-connect-api.mycloudwallet.com',
      'wss://direct-connect-api.mycloudwallet.com',
      'https://cb.anchor.link',
      'wss://cb.anchor.link',
    ])
  })

  it('the current Cloud Wallet plugin logs in through its popup alone, and Wombat talks to its extension in the page: neither adds a service', () => {
    const current = { ...cloudWallet, plugin: 'current' as const }
    expect(
      walletOriginsFor({
        wallets: ['cloudwallet', 'anchor', 'wombat'],
        cloudWallet: current,
        anchor: publicRelay,
      }),
    ).toEqual(['https://cb.anchor.link', 'wss://cb.anchor.link'])
  })

  it('a wallet left out of WALLETS leaves its services out', () => {
    expect(walletOriginsFor({ wallets: ['wombat'], cloudWallet, anchor: publicRelay })).toEqual([])
    expect(walletOriginsFor({ wallets: ['anchor'], cloudWallet, anchor: publicRelay })).toEqual([
      'https://cb.anchor.link',
      'wss://cb.anchor.link',
    ])
  })

  it("exactly the relay in use: an operator's RELAY_URL replaces the public one", () => {
    const anchor = { relayUrl: 'http://relay.internal:8090/buoy' }
    expect(walletOriginsFor({ wallets: ['anchor'], cloudWallet, anchor })).toEqual([
      'http://relay.internal:8090',
      'ws://relay.internal:8090',
    ])
  })

  it('on the devchain: the Cloud Wallet stand-in it is configured with; our own relay is already self', () => {
    const standIn = { plugin: '1.5.0' as const, autoUrl: 'http://127.0.0.1:4100' }
    const config = {
      wallets: ['devwallet' as const, 'cloudwallet' as const, 'anchor' as const],
      cloudWallet: standIn,
      anchor: { relayUrl: '/devchain/relay' },
    }
    expect(walletOriginsFor(config)).toEqual(['http://127.0.0.1:4100'])
  })
})
