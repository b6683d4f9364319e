/** One attribute of an AtomicAssets schema: its name and type ('string', 'image', 'uint64', …). */
export interface AtomicAttribute {
  name: string
  type: string
}

/** AtomicAssets numbers an attribute by its place in the schema, after four reserved values. */
const RESERVED = 4

/**
 * Reads AtomicAssets' serialized data (a template's or an asset's `*_serialized_data`) against
 * its schema's format, for the server's NFT templates and the devchain's asset page: each
 * attribute is its identifier (a varint) and its value. Only the scalar types collections use for
 * what a visitor sees are read; a vector ends the reading, which is harmless since nothing after
 * it is needed here (name and img come first in practice).
 */
export function decodeAtomicData(
  bytes: Uint8Array,
  format: AtomicAttribute[],
): Record<string, string | number | boolean> {
  const data: Record<string, string | number | boolean> = {}
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
  const fixed = (length: number): DataView => {
    const view = new DataView(bytes.buffer, bytes.byteOffset + offset, length)
    offset += length
    return view
  }
  while (offset < bytes.length) {
    const attribute = format[Number(varint()) - RESERVED]
    if (!attribute) throw new Error('AtomicAssets data names an attribute its schema lacks')
    const { name, type } = attribute
    if (type === 'string' || type === 'image' || type === 'ipfs') {
      const length = Number(varint())
      data[name] = new TextDecoder().decode(bytes.subarray(offset, offset + length))
      offset += length
    } else if (type === 'bool') {
      data[name] = bytes[offset++] === 1
    } else if (/^uint(8|16|32|64)$/.test(type)) {
      data[name] = Number(varint())
    } else if (/^int(8|16|32|64)$/.test(type)) {
      const zigzag = varint()
      data[name] = Number((zigzag >> 1n) ^ -(zigzag & 1n))
    } else if (type === 'float') {
      data[name] = fixed(4).getFloat32(0, true)
    } else if (type === 'double') {
      data[name] = fixed(8).getFloat64(0, true)
    } else {
      return data
    }
  }
  return data
}
