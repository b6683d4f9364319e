import { Name, UInt64 } from '@wharfkit/antelope'

/** An account, table or scope name as the 64-bit number contracts see. */
export const nameToValue = (name: string): bigint => BigInt(String(Name.from(name).value))

/** The name a 64-bit number stands for (host functions receive names signed). */
export const valueToName = (value: bigint): string =>
  String(Name.from(UInt64.from(String(BigInt.asUintN(64, value)))))
