import { PAYOUT_ACCOUNT } from '@fernwood/devchain'
import { PrivateKey } from '@wharfkit/antelope'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { ConfigurationError, readEnvironment } from '../config/environment.ts'
import { LOG_REDACTIONS } from './redaction.ts'
import { payoutAccountFrom } from './settings.ts'

describe('the payout account from the environment', () => {
  it('defaults to the devchain’s seeded payout account and key', () => {
    const payer = payoutAccountFrom(readEnvironment({}))
    expect(payer).toMatchObject({ account: PAYOUT_ACCOUNT, permission: 'active' })
    expect(() => PrivateKey.from(payer.privateKey)).not.toThrow()
  })

  it('on WAX requires both the account and its key', () => {
    expect(() => payoutAccountFrom(readEnvironment({ CHAIN: 'wax' }))).toThrow(
      /^Invalid environment variable PAYOUT_ACCOUNT=.*required with CHAIN=wax/,
    )
    expect(() =>
      payoutAccountFrom(readEnvironment({ CHAIN: 'wax', PAYOUT_ACCOUNT: 'fernwoodpays' })),
    ).toThrow(/^Invalid environment variable PAYOUT_PRIVATE_KEY=/)
  })

  it('refuses a malformed key without ever repeating it', () => {
    const secret = 'PVT_K1_not-a-real-key-but-secret'
    const env = readEnvironment({
      CHAIN: 'wax',
      PAYOUT_ACCOUNT: 'fernwoodpays',
      PAYOUT_PRIVATE_KEY: secret,
    })
    let error: unknown
    try {
      payoutAccountFrom(env)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ConfigurationError)
    expect((error as Error).message).not.toContain(secret)
  })

  it('a logged environment or signer never shows the key', () => {
    const lines: string[] = []
    const logger = pino({ redact: LOG_REDACTIONS }, { write: (line: string) => lines.push(line) })
    const secret = 'PVT_K1_the-payout-key'
    logger.info({ env: { PAYOUT_PRIVATE_KEY: secret }, PAYOUT_PRIVATE_KEY: secret }, 'config')
    logger.info(
      { payer: { privateKey: secret }, wallet: { data: { privateKey: secret } } },
      'signer',
    )
    expect(lines).toHaveLength(2)
    expect(lines.join('')).not.toContain(secret)
  })
})
