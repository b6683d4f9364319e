import { deflateRawSync, inflateRawSync } from 'node:zlib'
import type { APIClient } from '@wharfkit/antelope'
import type { SigningRequestEncodingOptions } from '@wharfkit/signing-request'

/**
 * What the signing-request library needs to read a link on Node: zlib for the compressed form the
 * kit produces, and the chain's ABIs to decode the actions of a transaction request.
 */
export function esrOptionsFor(client: APIClient): SigningRequestEncodingOptions {
  return {
    zlib: {
      deflateRaw: (data) => new Uint8Array(deflateRawSync(data)),
      inflateRaw: (data) => new Uint8Array(inflateRawSync(data)),
    },
    abiProvider: {
      getAbi: async (account) => {
        const { abi } = await client.v1.chain.get_abi(account)
        if (!abi) throw new Error(`${account} has no ABI on this chain`)
        return abi
      },
    },
  }
}
