/**
 * The few CBOR items a COSE_Sign1 needs (RFC 8949): unsigned and negative integers, byte and text strings,
 * arrays, maps, null and tags. The C2PA SDK's WebAssembly signer hands the COSE structure to the caller
 * (docs/decisions/0113-c2pa-signing-at-download.md), so this is the one place Parti writes CBOR.
 */
export type Cbor = number | Uint8Array | string | null | Cbor[] | CborMap | CborTag
export class CborMap {
  constructor(readonly entries: [Cbor, Cbor][]) {}
}
export class CborTag {
  constructor(
    readonly tag: number,
    readonly value: Cbor,
  ) {}
}

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n])
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n])
  if (n < 0x10000) {
    const b = Buffer.alloc(3)
    b[0] = (major << 5) | 25
    b.writeUInt16BE(n, 1)
    return b
  }
  const b = Buffer.alloc(5)
  b[0] = (major << 5) | 26
  b.writeUInt32BE(n, 1)
  return b
}

export function encodeCbor(v: Cbor): Buffer {
  if (v === null) return Buffer.from([0xf6])
  if (typeof v === 'number') {
    if (!Number.isInteger(v) || Math.abs(v) > 0xffffffff) throw new Error('only 32-bit integers are encoded')
    return v >= 0 ? head(0, v) : head(1, -1 - v)
  }
  if (typeof v === 'string') {
    const bytes = Buffer.from(v, 'utf8')
    return Buffer.concat([head(3, bytes.length), bytes])
  }
  if (v instanceof Uint8Array) return Buffer.concat([head(2, v.length), v])
  if (Array.isArray(v)) return Buffer.concat([head(4, v.length), ...v.map(encodeCbor)])
  if (v instanceof CborMap)
    return Buffer.concat([
      head(5, v.entries.length),
      ...v.entries.flatMap(([k, x]) => [encodeCbor(k), encodeCbor(x)]),
    ])
  return Buffer.concat([head(6, v.tag), encodeCbor(v.value)])
}
