import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { ABI, Serializer } from '@wharfkit/antelope'

/**
 * The compiled contracts the devchain deploys, each from a registry package and nowhere else:
 * `proton-tsc` ships the reference eosio.token and AtomicAssets as built for Antelope chains,
 * with their ABIs.
 */
export const CONTRACT_CODES = {
  'eosio.token': 'external/eosio.token/eosio.token',
  atomicassets: 'external/atomicassets/atomicassets',
} as const

export type ContractCodeName = keyof typeof CONTRACT_CODES

/** A contract's code as nodeos holds it: the WASM, its hash and the ABI. */
export interface ContractCode {
  name: ContractCodeName
  wasm: Uint8Array
  abi: ABI
  /** The ABI in binary, as setabi stores it and get_raw_abi serves it. */
  packedAbi: Uint8Array
  /** sha256 of the WASM, nodeos' code hash. */
  codeHash: string
}

const packageRoot = dirname(createRequire(import.meta.url).resolve('proton-tsc/package.json'))
const loaded = new Map<ContractCodeName, ContractCode>()

/** Reads a contract's files once per process: they never change while it runs. */
export function contractCode(name: ContractCodeName): ContractCode {
  let code = loaded.get(name)
  if (!code) {
    const path = join(packageRoot, CONTRACT_CODES[name])
    const wasm = new Uint8Array(readFileSync(`${path}.wasm`))
    const abi = ABI.from(JSON.parse(readFileSync(`${path}.abi`, 'utf8')))
    const packedAbi = Serializer.encode({ object: abi }).array
    code = {
      name,
      wasm,
      abi,
      packedAbi,
      // Node's hash rather than the SDK's JavaScript one: AtomicAssets' WASM took it 50 ms of
      // every start.
      codeHash: createHash('sha256').update(wasm).digest('hex'),
    }
    loaded.set(name, code)
  }
  return code
}
