import { describe, expect, it } from 'vitest'
import { walletOriginsFor } from './content-security-policy.ts'

const cloudWallet = {
  url: 'https://www.mycloudwallet.com',
  autoUrl: 'https://idm-api.mycloudwallet.com/v1/accounts/auto-accept',
}

describe('the wallet services the browser may call', () => {
  it("on WAX: the Cloud Wallet's auto-accept API and its phones' direct-connect channel, and Anchor's public relay, over HTTPS and websocket", () => {
    const anchor = { relayUrl: 'https://cb.anchor.link' }
    expect(walletOriginsFor({ wallets: ['cloud-wallet', 'anchor'], cloudWallet, anchor })).toEqual([
      'https://idm-api.mycloudwallet.com',
      'https://direct-connect-api.mycloudwallet.com',
      'wss://direct-connect-api.mycloudwallet.com',
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
    const standIn = { url: 'http://127.0.0.1:4100', autoUrl: 'http://127.0.0.1:4100' }
    const config = {
      wallets: ['dev-wallet' as const, 'cloud-wallet' as const, 'anchor' as const],
      cloudWallet: standIn,
      anchor: { relayUrl: '/devchain/relay' },
    }
    expect(walletOriginsFor(config)).toEqual(['http://127.0.0.1:4100'])
  })
})
