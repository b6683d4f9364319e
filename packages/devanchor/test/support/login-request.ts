import { DEVCHAIN_CHAIN_ID } from '@fernwood/devchain'
import type { APIClient } from '@wharfkit/antelope'
import { createIdentityRequest } from '@wharfkit/protocol-esr'
import { ChainDefinition, type LoginContext } from '@wharfkit/session'
import { esrOptionsFor } from '../../src/esr-options.ts'

/** protocol-esr's texts as the Anchor wallet plugin shows them, untranslated. */
export const translate = (_key: string, { default: text }: { default: string }) => text

/**
 * The login request the Anchor wallet plugin shows as a QR code for the devchain at `chainUrl`,
 * made by the same protocol-esr functions it calls, and the callback it waits on at `relayUrl`.
 */
export async function loginRequest(chainUrl: string, client: APIClient, relayUrl: string) {
  const chain = ChainDefinition.from({ id: DEVCHAIN_CHAIN_ID, url: chainUrl })
  const context = {
    appName: 'fernwood',
    chain,
    chains: [chain],
    esrOptions: esrOptionsFor(client),
  } as unknown as LoginContext
  const created = await createIdentityRequest(context, relayUrl)
  return { ...created, link: created.request.encode(true, false, 'esr:') }
}
