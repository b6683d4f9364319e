import { freePort } from '@fernwood/testkit'
import { APIClient } from '@wharfkit/antelope'
import { describe, expect, it } from 'vitest'
import { readPermissionAuthority } from './account-authority.ts'

describe('reading a wallet’s authority', () => {
  it('a chain that does not answer is a 503 the visitor is told to retry, not a fault', async () => {
    const nobody = new APIClient({ url: `http://127.0.0.1:${await freePort()}` })
    await expect(readPermissionAuthority(nobody, 'alice.wam', 'active')).rejects.toMatchObject({
      code: 'WALLET_CHAIN_UNAVAILABLE',
      statusCode: 503,
      retryAfterSeconds: 5,
    })
  })
})
