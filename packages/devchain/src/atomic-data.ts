/** One attribute of an AtomicAssets schema: its name and type ('string', 'image', 'uint64', …). */
export interface AtomicAttribute {
  name: string
  type: string
}

/** AtomicAssets numbers an attribute by its place in the schema, after four reserved values. */
const RESERVED = 4

/**
 * Reads AtomicAssets' serialized data (a template's or an asset's `*_serialized_data`) against
 * its schema's format, for the asset page: each attribute is its identifier (a varint) and its
 * value. Text and whole numbers are read, what a page shows; any other type ends the reading.
 */
export function decodeAtomicData(
  bytes: Uint8Array,
  format: AtomicAttribute[],
): Record<string, string | number> {
  const data: Record<string, string | number> = {}
  let offset = 0
  const varint = (): bigint => {
    let value = 0n
    let shift = 0n
    for (;;) {
      if (offset >= bytes.length) throw new Error('AtomicAssets data ends inside a number')
      const byte = bytes[offset++]
      value |= BigInt(byte & 0x7f) << shift
      if ((byte & 0x80) === 0) return value
      shift += 7n
    }
  }
  while (offset < bytes.length) {
    const attribute = format[Number(varint()) - RESERVED]
    if (!attribute) return data
    const { name, type } = attribute
    if (type === 'string' || type === 'image' || type === 'ipfs') {
      const length = Number(varint())
      data[name] = new TextDecoder().decode(bytes.subarray(offset, offset + length))
      offset += length
    } else if (/^uint(8|16|32|64)$/.test(type)) {
      data[name] = Number(varint())
    } else {
      return data
    }
  }
  return data
}
