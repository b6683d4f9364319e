import { describe, expect, it } from 'vitest'
import { walletOriginsFor } from './content-security-policy.ts'

const cloudWallet = {
  url: 'https://www.mycloudwallet.com',
  autoUrl: 'https://idm-api.mycloudwallet.com/v1/accounts/auto-accept',
}
const chain = (name: 'devchain' | 'wax') => ({
  name,
  id: '1064487b3cd1a897ce03ae5b6a865651747e2e152090f99c1d19d44e01aea5a4',
  apiUrl: 'https://wax.greymass.com',
  explorerTransactionUrl: 'https://waxblock.io/transaction/{id}',
})

describe('the wallet services the browser may call', () => {
  it("on WAX: the Cloud Wallet's auto-accept API and Anchor's relay, over HTTPS and websocket", () => {
    expect(walletOriginsFor({ chain: chain('wax'), cloudWallet })).toEqual([
      'https://idm-api.mycloudwallet.com',
      'https://cb.anchor.link',
      'wss://cb.anchor.link',
    ])
  })

  it('on the devchain: only the Cloud Wallet stand-in it is configured with', () => {
    const standIn = { url: 'http://127.0.0.1:4100', autoUrl: 'http://127.0.0.1:4100' }
    expect(walletOriginsFor({ chain: chain('devchain'), cloudWallet: standIn })).toEqual([
      'http://127.0.0.1:4100',
    ])
  })
})
