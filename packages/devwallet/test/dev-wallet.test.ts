import {
  DEV_WALLET_PRIVATE_KEY,
  DEV_WALLET_PUBLIC_KEY,
  DEVCHAIN_CHAIN_ID,
  seedPrivateKey,
} from '@fernwood/devchain'
import { devchainForTheseTests } from '@fernwood/devchain/testing'
import {
  Bytes,
  Checksum256,
  IdentityProof,
  Name,
  PermissionLevel,
  PrivateKey,
  SessionKit,
  Signature,
  TimePointSec,
} from '@wharfkit/session'
import { describe, expect, it } from 'vitest'
import { WalletPluginDevWallet } from '../src/index'
import { SelectAccountUserInterface } from './test-user-interface'

const testChain = devchainForTheseTests()

const devWallet = () =>
  new WalletPluginDevWallet({ privateKey: DEV_WALLET_PRIVATE_KEY, chainId: DEVCHAIN_CHAIN_ID })

function kitWith(ui: SelectAccountUserInterface, wallet = devWallet()) {
  return new SessionKit(
    {
      appName: 'fernwood',
      chains: [{ id: DEVCHAIN_CHAIN_ID, url: testChain.devchain.url }],
      ui,
      walletPlugins: [wallet],
    },
    { storage: { write: async () => {}, read: async () => null, remove: async () => {} } },
  )
}

async function activeAuthorityOf(account: string) {
  return (await testChain.client.v1.chain.get_account(account)).getPermission('active')
    .required_auth
}

/** The same signature with one byte of its `s` value flipped. */
function garbled(signature: Signature): Signature {
  const bytes = new Uint8Array(signature.data.array)
  bytes[40] ^= 0xff
  return new Signature(signature.type, Bytes.from(bytes))
}

/** IdentityProof.verify throws on a signature that recovers no key; either way it is refused. */
function verifies(proof: IdentityProof, authority: Awaited<ReturnType<typeof activeAuthorityOf>>) {
  try {
    return proof.verify(authority)
  } catch {
    return false
  }
}

describe('logging in with the Dev Wallet', () => {
  it('lists the three users for its key and logs in the selected one with a verifiable proof', async () => {
    const ui = new SelectAccountUserInterface('bob.wam')
    const { response, session } = await kitWith(ui).login()
    expect(ui.listed).toEqual(['alice.wam@active', 'bob.wam@active', 'carol.wam@active'])
    expect(String(session.permissionLevel)).toBe('bob.wam@active')
    const proof = response.identityProof as IdentityProof
    expect(String(proof.scope)).toBe('fernwood')
    expect(String(proof.signer)).toBe('bob.wam@active')
    expect(String(proof.chainId)).toBe(DEVCHAIN_CHAIN_ID)
    const minutesLeft = (proof.expiration.toMilliseconds() - Date.now()) / 60_000
    expect(minutesLeft).toBeGreaterThan(4)
    // TimePointSec keeps whole seconds, so the expiration may round up by under a second.
    expect(minutesLeft).toBeLessThan(5.02)
    expect(verifies(proof, await activeAuthorityOf('bob.wam'))).toBe(true)
    expect(String(proof.recover())).toBe(String(PrivateKey.from(DEV_WALLET_PRIVATE_KEY).toPublic()))
  })

  it('a proof tampered in any field no longer verifies', async () => {
    const { response } = await kitWith(new SelectAccountUserInterface('alice.wam')).login()
    const proof = response.identityProof as IdentityProof
    const authority = await activeAuthorityOf('alice.wam')
    expect(verifies(proof, authority)).toBe(true)
    const tampered = {
      chainId: { chainId: Checksum256.hash(new TextEncoder().encode('another chain')) },
      scope: { scope: Name.from('otherapp') },
      expiration: {
        expiration: TimePointSec.fromMilliseconds(proof.expiration.toMilliseconds() + 60_000),
      },
      signer: { signer: PermissionLevel.from('alice.wam@owner') },
      signature: {
        signature: PrivateKey.from(seedPrivateKey('alice.wam')).signDigest(
          proof.transaction.signingDigest(Checksum256.hash(new TextEncoder().encode('x'))),
        ),
      },
      garbledSignature: { signature: garbled(proof.signature) },
    }
    for (const [field, change] of Object.entries(tampered)) {
      const forged = IdentityProof.from({ ...proof, ...change })
      expect(verifies(forged, authority), field).toBe(false)
    }
  })

  it('a proof for alice does not verify against an account whose authority lacks the dev key', async () => {
    const { response } = await kitWith(new SelectAccountUserInterface('alice.wam')).login()
    const proof = response.identityProof as IdentityProof
    expect(verifies(proof, await activeAuthorityOf('fernwoodpays'))).toBe(false)
  })

  it('refuses to log in to a chain it does not support', async () => {
    const foreign = new WalletPluginDevWallet({
      privateKey: DEV_WALLET_PRIVATE_KEY,
      chainId: String(Checksum256.hash(new TextEncoder().encode('another chain'))),
    })
    const kit = new SessionKit(
      {
        appName: 'fernwood',
        chains: [{ id: DEVCHAIN_CHAIN_ID, url: testChain.devchain.url }],
        ui: new SelectAccountUserInterface('alice.wam'),
        walletPlugins: [foreign],
      },
      { storage: { write: async () => {}, read: async () => null, remove: async () => {} } },
    )
    await expect(kit.login({ permissionLevel: 'alice.wam@active' })).rejects.toThrow(
      /does not support the chain/,
    )
    await expect(foreign.retrievePublicKey(DEVCHAIN_CHAIN_ID)).rejects.toThrow(
      /only signs for chain/,
    )
  })
})

describe('signing with the Dev Wallet', () => {
  it('a transfer signed by the Dev Wallet through a Session executes on the devchain', async () => {
    const { session } = await kitWith(new SelectAccountUserInterface('carol.wam')).login()
    const balance = async (account: string) =>
      String(
        (await testChain.client.v1.chain.get_currency_balance('eosio.token', account, 'WAX'))[0],
      )
    const carolBefore = await balance('carol.wam')
    const result = await session.transact({
      action: {
        account: 'eosio.token',
        name: 'transfer',
        authorization: [session.permissionLevel],
        data: {
          from: 'carol.wam',
          to: 'alice.wam',
          quantity: '1.50000000 WAX',
          memo: 'dev wallet',
        },
      },
    })
    expect(result.response?.processed.receipt.status).toBe('executed')
    expect(carolBefore).toBe('100.00000000 WAX')
    expect(await balance('carol.wam')).toBe('98.50000000 WAX')
  })

  it('keeps its key out of the serialized session and signs again after being re-created', async () => {
    const { session } = await kitWith(new SelectAccountUserInterface('alice.wam')).login()
    const serialized = JSON.stringify(session.serialize())
    expect(serialized).not.toContain(DEV_WALLET_PRIVATE_KEY)
    expect(serialized).not.toContain(String(PrivateKey.from(DEV_WALLET_PRIVATE_KEY)))
    const restoredKit = kitWith(new SelectAccountUserInterface('alice.wam'))
    const restored = await restoredKit.restore(session.serialize())
    const result = await restored?.transact(
      {
        action: {
          account: 'eosio.token',
          name: 'transfer',
          authorization: [{ actor: 'alice.wam', permission: 'active' }],
          data: { from: 'alice.wam', to: 'bob.wam', quantity: '0.10000000 WAX', memo: 'restored' },
        },
      },
      { broadcast: false },
    )
    expect(
      result?.signatures.map((signature) =>
        String(
          signature.recoverDigest(
            result.resolved?.transaction.signingDigest(DEVCHAIN_CHAIN_ID) as Checksum256,
          ),
        ),
      ),
    ).toEqual([String(PrivateKey.from(DEV_WALLET_PRIVATE_KEY).toPublic())])
  })

  it('describes itself to the kit: ids, names, flags, logo and public key', () => {
    const listing = devWallet()
    const entry = new WalletPluginDevWallet({
      privateKey: DEV_WALLET_PRIVATE_KEY,
      chainId: DEVCHAIN_CHAIN_ID,
      manualEntry: true,
    })
    expect([listing.id, entry.id]).toEqual(['dev-wallet', 'dev-wallet-entry'])
    expect([listing.metadata.name, entry.metadata.name]).toEqual([
      'Dev Wallet',
      'Dev Wallet (enter account)',
    ])
    expect(listing.config).toEqual({
      requiresChainSelect: false,
      requiresPermissionSelect: true,
      requiresPermissionEntry: false,
      supportedChains: [DEVCHAIN_CHAIN_ID],
    })
    expect(entry.config.requiresPermissionSelect).toBe(false)
    expect(entry.config.requiresPermissionEntry).toBe(true)
    // A wallet naming its key gets the web renderer's key lookup instead of the name field.
    expect(String(listing.metadata.publicKey)).toBe(
      String(PrivateKey.from(DEV_WALLET_PRIVATE_KEY).toPublic()),
    )
    expect(entry.metadata.publicKey).toBeUndefined()
    expect(listing.metadata.logo?.light).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(listing.metadata.logo?.dark).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(listing.metadata.logo?.light).not.toBe(listing.metadata.logo?.dark)
    expect(PrivateKey.from(DEV_WALLET_PRIVATE_KEY).toPublic().toLegacyString()).toBe(
      DEV_WALLET_PUBLIC_KEY,
    )
  })
})
