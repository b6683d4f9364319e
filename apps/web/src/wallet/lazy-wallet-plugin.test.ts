import {
  AbstractWalletPlugin,
  type LoginContext,
  type LogoutContext,
  type WalletPluginLoginResponse,
  WalletPluginMetadata,
  type WalletPluginSignResponse,
} from '@wharfkit/session'
import { describe, expect, it } from 'vitest'
import { LazyWalletPlugin } from './lazy-wallet-plugin'
import type { WalletChunk } from './wallet-chunk'

/** A wallet plugin that records what the kit asked of it. */
class RecordingPlugin extends AbstractWalletPlugin {
  readonly calls: string[] = []
  get id() {
    return 'recording'
  }
  async login(_context: LoginContext): Promise<WalletPluginLoginResponse> {
    this.calls.push('login')
    this.data = { ...this.data, loggedIn: true }
    return {} as WalletPluginLoginResponse
  }
  async sign(): Promise<WalletPluginSignResponse> {
    this.calls.push('sign')
    return { signatures: [] }
  }
  async logout(_context: LogoutContext): Promise<void> {
    this.calls.push('logout')
  }
}

/** A lazy wallet over a RecordingPlugin, counting its chunk's fetches; the first `failures` fail. */
function lazyWallet({ failures = 0, forgetsOnLogout = false } = {}) {
  const plugin = new RecordingPlugin()
  let fetches = 0
  const wallet = new LazyWalletPlugin({
    id: 'recording',
    metadata: WalletPluginMetadata.from({ name: 'Recording' }),
    config: { requiresChainSelect: false, requiresPermissionSelect: false },
    forgetsOnLogout,
    load: async (): Promise<WalletChunk> => {
      fetches += 1
      if (fetches <= failures) throw new Error('chunk unreachable')
      return { plugin, proofOf: async () => undefined }
    },
  })
  return { wallet, plugin, fetches: () => fetches }
}

const context = {} as LoginContext

describe('a wallet whose plugin is fetched when chosen', () => {
  it('fetches its plugin once, whether pointed at first or chosen at once', async () => {
    const { wallet, plugin, fetches } = lazyWallet()
    expect(fetches()).toBe(0)
    wallet.prefetch()
    wallet.prefetch()
    await wallet.login(context)
    expect(fetches()).toBe(1)
    expect(plugin.calls).toEqual(['login'])
  })

  it('keeps a restored session’s data until the plugin comes, then hands it over and reads the plugin’s', async () => {
    const { wallet, plugin } = lazyWallet()
    wallet.data = { channel: 'restored' }
    expect(wallet.serialize()).toEqual({ id: 'recording', data: { channel: 'restored' } })
    await wallet.login(context)
    expect(plugin.data).toEqual({ channel: 'restored', loggedIn: true })
    expect(wallet.data).toBe(plugin.data)
    wallet.data = { channel: 'new' }
    expect(plugin.data).toEqual({ channel: 'new' })
  })

  it('forgets a failed fetch, so choosing the wallet again fetches again', async () => {
    const { wallet, plugin, fetches } = lazyWallet({ failures: 1 })
    await expect(wallet.login(context)).rejects.toThrow('chunk unreachable')
    await expect(wallet.login(context)).resolves.toBeDefined()
    expect(fetches()).toBe(2)
    expect(plugin.calls).toEqual(['login'])
  })

  it('a logout fetches the plugin only if it keeps state beyond the page', async () => {
    const logout = {} as LogoutContext
    const plain = lazyWallet()
    await plain.wallet.logout(logout)
    expect(plain.fetches()).toBe(0)
    await plain.wallet.login(context)
    await plain.wallet.logout(logout)
    expect(plain.plugin.calls).toEqual(['login', 'logout'])

    const keeping = lazyWallet({ forgetsOnLogout: true })
    await keeping.wallet.logout(logout)
    expect(keeping.fetches()).toBe(1)
    expect(keeping.plugin.calls).toEqual(['logout'])
  })
})
