import {
  ACCOUNT_CREATOR,
  ACCOUNT_CREATOR_PRIVATE_KEY,
  DEV_WALLET_PRIVATE_KEY,
  DEV_WALLET_PUBLIC_KEY,
  DEVCHAIN_CHAIN_ID,
} from '@fernwood/devchain'
import { devchainForTheseTests } from '@fernwood/devchain/testing'
import { PublicKey, SessionKit } from '@wharfkit/session'
import { describe, expect, it } from 'vitest'
import {
  AccountCreationPluginDevAccountCreator,
  AccountNameRefused,
  WalletPluginDevWallet,
} from '../src/index'
import { SelectAccountUserInterface } from './test-user-interface'

const testChain = devchainForTheseTests()

/** The kit rethrows a plugin's failure as `new Error(String(error))`; the UI sees the original. */
class RecordingUserInterface extends SelectAccountUserInterface {
  errors: unknown[] = []
  override async onError(error?: Error): Promise<void> {
    this.errors.push(error)
  }
}

function kitCreating(accountName: string, ui = new RecordingUserInterface(accountName)) {
  const chain = { id: DEVCHAIN_CHAIN_ID, url: testChain.devchain.url }
  return new SessionKit(
    {
      appName: 'fernwood',
      chains: [chain],
      ui,
      walletPlugins: [
        new WalletPluginDevWallet({
          privateKey: DEV_WALLET_PRIVATE_KEY,
          chainId: DEVCHAIN_CHAIN_ID,
        }),
      ],
    },
    {
      accountCreationPlugins: [
        new AccountCreationPluginDevAccountCreator({
          chain,
          creator: ACCOUNT_CREATOR,
          creatorPrivateKey: ACCOUNT_CREATOR_PRIVATE_KEY,
          accountPublicKey: DEV_WALLET_PUBLIC_KEY,
          requestAccountName: () => accountName,
        }),
      ],
      storage: { write: async () => {}, read: async () => null, remove: async () => {} },
    },
  )
}

async function refusalOf(accountName: string): Promise<unknown> {
  const ui = new RecordingUserInterface(accountName)
  await expect(
    kitCreating(accountName, ui).createAccount({ pluginId: 'dev-account-creator' }),
  ).rejects.toThrow()
  return ui.errors[0]
}

describe('Dev Account Creator', () => {
  it('creates the named account with the Dev Wallet key, and the Dev Wallet then logs in with it', async () => {
    const kit = kitCreating('newfernwalkr')
    const created = await kit.createAccount({ pluginId: 'dev-account-creator' })
    expect(String(created.accountName)).toBe('newfernwalkr')
    expect(String(created.chain.id)).toBe(DEVCHAIN_CHAIN_ID)

    const account = await testChain.client.v1.chain.get_account('newfernwalkr')
    for (const permission of ['owner', 'active']) {
      const [{ key }] = account.getPermission(permission).required_auth.keys
      expect(key.equals(PublicKey.from(DEV_WALLET_PUBLIC_KEY))).toBe(true)
    }

    const { session } = await kit.login()
    expect(String(session.actor)).toBe('newfernwalkr')
  })

  it('a taken name is refused as taken', async () => {
    await kitCreating('takenalready').createAccount({ pluginId: 'dev-account-creator' })
    const refusal = await refusalOf('takenalready')
    expect(refusal).toBeInstanceOf(AccountNameRefused)
    expect(refusal).toMatchObject({ code: 'taken', accountName: 'takenalready' })
  })

  it('a name the creator may not create is refused before anything is sent', async () => {
    for (const name of ['short', 'has.dot12345', 'UPPERCASE123', 'thirteenchars']) {
      expect(await refusalOf(name)).toMatchObject({ code: 'invalid', accountName: name })
      await expect(testChain.client.v1.chain.get_account(name)).rejects.toThrow()
    }
  })
})
