import { deflateRawSync, inflateRawSync } from 'node:zlib'
import type { ABI, APIClient, NameType } from '@wharfkit/antelope'
import type { SigningRequestEncodingOptions } from '@wharfkit/signing-request'
import { MAX_REQUEST_BYTES } from './request-limits.ts'

/**
 * What the signing-request library needs to read a link on Node: zlib for the compressed form the
 * kit produces, never inflating past MAX_REQUEST_BYTES, and the chain's ABIs to decode the
 * actions of a transaction request.
 */
export function esrOptionsFor(client: APIClient): SigningRequestEncodingOptions {
  // The library asks for a contract's ABI once per action, all at once: one fetch serves them.
  const fetching = new Map<string, Promise<ABI.Def>>()
  const fetchAbi = async (account: string) => {
    const { abi } = await client.v1.chain.get_abi(account)
    if (!abi) throw new Error(`${account} has no ABI on this chain`)
    return abi
  }
  return {
    zlib: {
      deflateRaw: (data) => new Uint8Array(deflateRawSync(data)),
      inflateRaw: (data) =>
        new Uint8Array(inflateRawSync(data, { maxOutputLength: MAX_REQUEST_BYTES })),
    },
    abiProvider: {
      getAbi: (account: NameType) => {
        const name = String(account)
        let abi = fetching.get(name)
        if (!abi) {
          abi = fetchAbi(name)
          fetching.set(name, abi)
          const forget = () => fetching.delete(name)
          abi.then(forget, forget)
        }
        return abi
      },
    },
  }
}
