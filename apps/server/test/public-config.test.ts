import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publicChainSettings } from '../src/chain/chain-settings.ts'
import { readEnvironment } from '../src/config/environment.ts'
import { publicConfigFor } from '../src/config/public-config.ts'
import { buildTestApp } from './support/test-app.ts'
import { createTestDatabase, type TestDatabase } from './support/test-database.ts'

let testDatabase: TestDatabase

beforeAll(async () => {
  testDatabase = await createTestDatabase()
})
afterAll(async () => {
  await testDatabase.drop()
})

/** `GET /api/config` of a server with `settings`. */
async function publicConfigWith(settings: Record<string, string>) {
  const app = await buildTestApp(testDatabase.database, settings)
  try {
    return (await app.inject('/api/config')).json()
  } finally {
    await app.close()
  }
}

describe('the public config', () => {
  it('says devchainPublic only when DEVCHAIN_PUBLIC=true on the devchain', async () => {
    expect(await publicConfigWith({ CHAIN: 'devchain', DEVCHAIN_PUBLIC: 'true' })).toMatchObject({
      devchainPublic: true,
    })
    expect(await publicConfigWith({ CHAIN: 'devchain' })).not.toHaveProperty('devchainPublic')
    expect(
      await publicConfigWith({ CHAIN: 'devchain', DEVCHAIN_PUBLIC: 'false' }),
    ).not.toHaveProperty('devchainPublic')
  })

  it("gives the reward token's precision, that of the rewards it pays", async () => {
    expect(await publicConfigWith({})).toMatchObject({ token: 'FERN', tokenPrecision: 4 })
    expect(
      await publicConfigWith({ TOKEN_SYMBOL: 'LEAF', WELCOME_REWARD: '3.00 LEAF' }),
    ).toMatchObject({ token: 'LEAF', tokenPrecision: 2 })
    expect(
      await publicConfigWith({ TOKEN_SYMBOL: 'SEED', WELCOME_REWARD: '7 SEED' }),
    ).toMatchObject({ token: 'SEED', tokenPrecision: 0 })
  })
})

/** The public config of a server on `chain` with `settings`, without starting one. */
function publicConfigOn(chain: 'wax' | 'wax-testnet', settings: Record<string, string> = {}) {
  return publicConfigFor(
    readEnvironment({ CHAIN: chain, ...settings }),
    publicChainSettings(chain, undefined),
  )
}

describe('the wallets offered (WALLETS) and the Cloud Wallet plugin (CLOUD_WALLET_PLUGIN)', () => {
  it('by default: the Dev Wallet, Cloud Wallet 1.5.0 and Anchor on the devchain; on WAX the current Cloud Wallet, Anchor and Wombat; on the testnet no Wombat', async () => {
    expect(await publicConfigWith({})).toMatchObject({
      wallets: ['devwallet', 'cloudwallet', 'anchor'],
      cloudWallet: { plugin: '1.5.0' },
    })
    expect(publicConfigOn('wax')).toMatchObject({
      wallets: ['cloudwallet', 'anchor', 'wombat'],
      cloudWallet: { plugin: 'current' },
    })
    expect(publicConfigOn('wax-testnet')).toMatchObject({
      wallets: ['cloudwallet', 'anchor'],
      cloudWallet: { plugin: 'current' },
    })
  })

  it('WALLETS chooses the wallets and their order; CLOUD_WALLET_PLUGIN the plugin', async () => {
    expect(
      await publicConfigWith({
        WALLETS: ' anchor,devwallet , wombat',
        CLOUD_WALLET_PLUGIN: 'current',
      }),
    ).toMatchObject({
      wallets: ['anchor', 'devwallet', 'wombat'],
      cloudWallet: { plugin: 'current' },
    })
    expect(
      publicConfigOn('wax', { WALLETS: 'cloudwallet,anchor', CLOUD_WALLET_PLUGIN: '1.5.0' }),
    ).toMatchObject({ wallets: ['cloudwallet', 'anchor'], cloudWallet: { plugin: '1.5.0' } })
  })

  it('refuses a wallet it does not know, and the Dev Wallet anywhere but the devchain', () => {
    expect(() => readEnvironment({ WALLETS: 'cloudwallet,metamask' })).toThrow(
      /^Invalid environment variable WALLETS=/,
    )
    expect(() => readEnvironment({ CLOUD_WALLET_PLUGIN: '1.6.5' })).toThrow(
      /^Invalid environment variable CLOUD_WALLET_PLUGIN=/,
    )
    expect(() => publicConfigOn('wax', { WALLETS: 'devwallet,cloudwallet' })).toThrow(
      /^Invalid environment variable WALLETS="devwallet,cloudwallet": devwallet .* only on the devchain/,
    )
  })

  it("offers the account creation providers beside their wallets: the Dev Account Creator with the Dev Wallet, Anchor's where Anchor is and its service creates accounts", async () => {
    expect(await publicConfigWith({})).toMatchObject({
      accountCreation: ['dev-account-creator', 'anchor'],
    })
    expect(await publicConfigWith({ WALLETS: 'devwallet,cloudwallet' })).toMatchObject({
      accountCreation: ['dev-account-creator'],
    })
    expect(publicConfigOn('wax')).toMatchObject({ accountCreation: ['anchor'] })
    expect(publicConfigOn('wax-testnet')).toMatchObject({ accountCreation: [] })
  })

  it("the Content-Security-Policy allows the Cloud Wallet's auto-accept API only while WALLETS offers Cloud Wallet 1.5.0", async () => {
    const standIn = 'http://127.0.0.1:4100'
    const connectSources = async (settings: Record<string, string>) => {
      const app = await buildTestApp(testDatabase.database, {
        CLOUD_WALLET_AUTO_URL: standIn,
        ...settings,
      })
      try {
        const csp = String((await app.inject('/api/config')).headers['content-security-policy'])
        return /connect-src ([^;]*)/.exec(csp)?.[1]
      } finally {
        await app.close()
      }
    }
    expect(await connectSources({})).toContain(standIn)
    expect(await connectSources({ WALLETS: 'devwallet,anchor' })).not.toContain(standIn)
    expect(await connectSources({ CLOUD_WALLET_PLUGIN: 'current' })).not.toContain(standIn)
  })
})
