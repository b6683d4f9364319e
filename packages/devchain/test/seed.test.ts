import { describe, expect, it } from 'vitest'
import { assertSeedKeysMatch, devchainSeed } from '../src/seed'

describe('the seed', () => {
  it('gives every private key the public key it derives (seed.json has not drifted)', () => {
    expect(() => assertSeedKeysMatch(devchainSeed)).not.toThrow()
    const drifted = structuredClone(devchainSeed)
    drifted.accounts[0].owner.keys[0].key = devchainSeed.devWalletKey.publicKey
    expect(() => assertSeedKeysMatch(drifted)).toThrow(/does not match its public key/)
  })
})
