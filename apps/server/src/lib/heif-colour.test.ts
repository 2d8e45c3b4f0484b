import { readFile } from 'node:fs/promises'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { colourPlan, displayP3ToSrgb, P3_TO_SRGB, readHeifColour } from './heif-colour.ts'

// The HEIF colour reader and the Display P3 conversion (docs/decisions/0124-heic-colour-to-srgb.md), on HEIF
// box structures built here (no image data: the reader never needs it) and on a file heif-enc wrote.

const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts)
  const head = Buffer.alloc(8)
  head.writeUInt32BE(8 + body.length, 0)
  head.write(type, 4, 'latin1')
  return Buffer.concat([head, body])
}
const full = (type: string, version: number, flags: number, ...parts: Buffer[]) => {
  const vf = Buffer.alloc(4)
  vf.writeUInt32BE(((version & 0xff) << 24) | flags, 0)
  return box(type, vf, ...parts)
}
const u8 = (...v: number[]) => Buffer.from(v)
const u16 = (...v: number[]) => {
  const b = Buffer.alloc(v.length * 2)
  for (const [i, x] of v.entries()) b.writeUInt16BE(x, i * 2)
  return b
}
const u32 = (...v: number[]) => {
  const b = Buffer.alloc(v.length * 4)
  for (const [i, x] of v.entries()) b.writeUInt32BE(x, i * 4)
  return b
}
const nclx = (p: number, t: number, m: number, full = true) =>
  box('colr', Buffer.from('nclx'), u16(p, t, m), u8(full ? 0x80 : 0))
/** An ICC profile's shape: 128-byte header ('acsp' at 36) and an empty tag table. */
const iccProfile = () => {
  const icc = Buffer.alloc(132)
  icc.writeUInt32BE(132, 0)
  icc.write('acsp', 36, 'latin1')
  icc.write('RGB ', 16, 'latin1')
  return icc
}
const prof = (icc = iccProfile()) => box('colr', Buffer.from('prof'), icc)

/** ftyp + meta(pitm, iprp(ipco(properties), ipma v0 with `assoc` per item)). */
function heif(
  properties: Buffer[],
  assoc: Record<number, number[]>,
  opts: {
    primary?: number
    ipmaVersion?: 0 | 1
    wide?: boolean
    pitmVersion?: 0 | 1
    /** 'dimg' references, each [from, ...to] (iref version 0) */
    iref?: number[][]
  } = {},
) {
  const { primary = 1, ipmaVersion = 0, wide = false, pitmVersion = 0, iref = [] } = opts
  const irefBox = iref.length
    ? [full('iref', 0, 0, ...iref.map(([from, ...to]) => box('dimg', u16(from!, to.length, ...to))))]
    : []
  const entries = Object.entries(assoc).map(([id, indices]) =>
    Buffer.concat([
      ipmaVersion === 0 ? u16(Number(id)) : u32(Number(id)),
      u8(indices.length),
      ...indices.map((i) => (wide ? u16(i) : u8(i))),
    ]),
  )
  const ipma = full('ipma', ipmaVersion, wide ? 1 : 0, u32(entries.length), ...entries)
  return Buffer.concat([
    box('ftyp', Buffer.from('heic'), u32(0), Buffer.from('mif1heic')),
    full(
      'meta',
      0,
      0,
      full('hdlr', 0, 0, u32(0), Buffer.from('pict'), u32(0, 0, 0), u8(0)),
      full('pitm', pitmVersion, 0, pitmVersion === 0 ? u16(primary) : u32(primary)),
      ...irefBox,
      box('iprp', box('ipco', ...properties), ipma),
    ),
  ])
}

const ispe = full('ispe', 0, 0, u32(64, 64))

describe('readHeifColour', () => {
  it('reads the nclx code points associated with the primary item', () => {
    const file = heif([ispe, nclx(12, 13, 6)], { 1: [1, 0x80 | 2] })
    expect(readHeifColour(file)).toEqual({
      kind: 'nclx',
      primaries: 12,
      transfer: 13,
      matrix: 6,
      fullRange: true,
    })
  })

  it('reads an ICC profile (prof or rICC), and prefers it to an nclx beside it', () => {
    const icc = iccProfile()
    const r = readHeifColour(heif([nclx(1, 13, 6), ispe, prof(icc)], { 1: [1, 2, 3] }))
    expect(r.kind).toBe('icc')
    expect(r.kind === 'icc' && r.icc.equals(icc)).toBe(true)
    const rICC = box('colr', Buffer.from('rICC'), icc)
    expect(readHeifColour(heif([rICC], { 1: [1] })).kind).toBe('icc')
  })

  it('only the primary item counts: a colr of the thumbnail is not the photo’s', () => {
    const file = heif([ispe, nclx(12, 13, 6), nclx(9, 16, 9)], { 1: [1, 3], 2: [1, 2] }, { primary: 1 })
    expect(readHeifColour(file)).toMatchObject({ primaries: 9, transfer: 16 })
    expect(readHeifColour(heif([ispe, nclx(12, 13, 6)], { 2: [1, 2] }))).toEqual({ kind: 'none' })
  })

  it('a grid without a colr of its own takes its first tile’s (iref dimg), as libheif does', () => {
    const file = heif([ispe, nclx(12, 13, 6)], { 1: [1], 2: [1, 2], 3: [1, 2] }, { iref: [[1, 2, 3]] })
    expect(readHeifColour(file)).toMatchObject({ kind: 'nclx', primaries: 12 })
    const own = heif([ispe, nclx(12, 13, 6), nclx(1, 13, 6)], { 1: [3], 2: [2] }, { iref: [[1, 2]] })
    expect(readHeifColour(own)).toMatchObject({ primaries: 1 })
  })

  it('reads ipma version 1 (32-bit item ids) with 15-bit indices, and pitm version 1', () => {
    const props = [...Array.from({ length: 130 }, () => ispe), nclx(12, 13, 6)]
    const file = heif(
      props,
      { 70000: [1, 0x8000 | 131] },
      { primary: 70000, ipmaVersion: 1, wide: true, pitmVersion: 1 },
    )
    expect(readHeifColour(file)).toMatchObject({ kind: 'nclx', primaries: 12 })
  })

  it('no colour information, an unknown colour type or a profile that is not ICC: none', () => {
    expect(readHeifColour(heif([ispe], { 1: [1] }))).toEqual({ kind: 'none' })
    expect(readHeifColour(heif([box('colr', Buffer.from('abcd'), u32(1))], { 1: [1] }))).toEqual({
      kind: 'none',
    })
    expect(readHeifColour(heif([box('colr', Buffer.from('prof'), Buffer.alloc(200))], { 1: [1] }))).toEqual({
      kind: 'none',
    })
    // an ICC profile whose tags point past its end: unusable (libvips would silently ignore it), kept as is
    const broken = iccProfile()
    broken.writeUInt32BE(1, 128)
    const withTags = Buffer.concat([broken, Buffer.from('rTRC'), u32(0x7fffffff, 14)])
    withTags.writeUInt32BE(withTags.length, 0)
    const unusable = readHeifColour(heif([prof(withTags)], { 1: [1] }))
    expect(unusable).toEqual({ kind: 'unusable-icc' })
    expect(colourPlan(unusable)).toBe('kept')
    // an index past the properties
    expect(readHeifColour(heif([nclx(12, 13, 6)], { 1: [5] }))).toEqual({ kind: 'none' })
  })

  it('never throws on malformed input: every truncation, corrupted sizes and random bytes', () => {
    const good = heif([ispe, nclx(12, 13, 6), prof()], { 1: [1], 2: [1, 2, 3] }, { iref: [[1, 2]] })
    expect(readHeifColour(good).kind).toBe('icc')
    for (let n = 0; n < good.length; n++) {
      const r = readHeifColour(good.subarray(0, n))
      expect(['none', 'nclx', 'icc', 'unusable-icc']).toContain(r.kind)
    }
    // every 4-byte word overwritten with sizes that lie (huge, zero, one: a 64-bit size that is not there)
    for (let at = 0; at + 4 <= good.length; at += 2) {
      for (const lie of [0xffffffff, 0, 1, 7, 9]) {
        const bad = Buffer.from(good)
        bad.writeUInt32BE(lie, at)
        expect(() => readHeifColour(bad)).not.toThrow()
      }
    }
    let seed = 7
    const random = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff
      return seed & 0xff
    }
    for (let i = 0; i < 300; i++) {
      const bytes = Buffer.from(Array.from({ length: 16 + (i % 200) }, random))
      bytes.write('ftyp', 4, 'latin1')
      expect(() => readHeifColour(bytes)).not.toThrow()
      const inMeta = Buffer.from(good)
      for (let k = 0; k < 8; k++) inMeta[40 + ((random() * 7 + k * 31) % (good.length - 40))] = random()
      expect(() => readHeifColour(inMeta)).not.toThrow()
    }
    expect(readHeifColour(Buffer.alloc(0))).toEqual({ kind: 'none' })
  })

  it('reads the ICC profile heif-enc carried over from a PNG: libvips’ Display P3 profile', async () => {
    const file = await readFile(new URL('../../test/fixtures/p3-profile.heic', import.meta.url))
    const r = readHeifColour(file)
    expect(r.kind).toBe('icc')
    const p3 = (
      await sharp(
        await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
          .withIccProfile('p3')
          .png()
          .toBuffer(),
      ).metadata()
    ).icc!
    expect(r.kind === 'icc' && r.icc.equals(p3)).toBe(true)
  })
})

describe('colourPlan', () => {
  it('converts ICC and Display P3 (sRGB curve), leaves sRGB alone, keeps what it cannot convert', () => {
    const n = (primaries: number, transfer: number) =>
      ({ kind: 'nclx', primaries, transfer, matrix: 6, fullRange: true }) as const
    expect(colourPlan({ kind: 'none' })).toBe('srgb')
    expect(colourPlan({ kind: 'icc', icc: iccProfile() })).toBe('icc')
    expect(colourPlan(n(12, 13))).toBe('display-p3')
    expect(colourPlan(n(12, 2))).toBe('display-p3')
    expect(colourPlan(n(1, 13))).toBe('srgb')
    expect(colourPlan(n(2, 2))).toBe('srgb')
    expect(colourPlan(n(9, 16))).toBe('kept') // BT.2020 PQ (HDR)
    expect(colourPlan(n(9, 18))).toBe('kept') // BT.2020 HLG
    expect(colourPlan(n(12, 16))).toBe('kept') // P3 with PQ
    expect(colourPlan(n(11, 13))).toBe('kept') // DCI-P3 (its white is not D65)
  })
})

describe('displayP3ToSrgb', () => {
  // the published linear Display P3 → sRGB matrix, written out here so the derived one is checked against it
  const M = [1.2249, -0.2247, 0, -0.042, 1.0419, 0, -0.0197, -0.0786, 1.0979]
  const lin = (v: number) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
  const enc = (v: number) => {
    const c = Math.min(1, Math.max(0, v))
    return Math.round(255 * (c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055))
  }
  const expected = (p: [number, number, number]) => {
    const [r, g, b] = p.map((v) => lin(v / 255)) as [number, number, number]
    return [0, 1, 2].map((k) => enc(M[k * 3]! * r + M[k * 3 + 1]! * g + M[k * 3 + 2]! * b))
  }

  it('derives the matrix from the primaries (matches the published one)', () => {
    for (const [i, v] of P3_TO_SRGB.entries()) expect(v).toBeCloseTo(M[i]!, 3)
  })

  it('a P3 colour inside sRGB gets its sRGB value; P3 red is clipped to sRGB red; greys and alpha stay', () => {
    const px = Uint8Array.from([
      200, 100, 80, 255, 255, 0, 0, 128, 0, 255, 0, 255, 128, 128, 128, 7, 255, 255, 255, 255,
    ])
    displayP3ToSrgb(px, 4)
    const want = expected([200, 100, 80])
    expect(want).toEqual([215, 93, 73]) // what lcms gives with libvips’ Display P3 profile, too
    for (let c = 0; c < 3; c++) expect(Math.abs(px[c]! - want[c]!)).toBeLessThanOrEqual(1)
    // more saturated than the numbers read as sRGB: what was lost before
    expect(px[0]).toBeGreaterThan(200)
    expect(px[1]).toBeLessThan(100)
    expect([...px.subarray(4, 8)]).toEqual([255, 0, 0, 128])
    expect(px[8]).toBe(0)
    expect(px[9]).toBe(255)
    expect(px[10]).toBe(0)
    expect([...px.subarray(12, 16)]).toEqual([128, 128, 128, 7])
    expect([...px.subarray(16, 20)]).toEqual([255, 255, 255, 255])
  })

  it('its tables stay within a level of the exact computation, over a spread of 20,000 colours', () => {
    let seed = 11
    const next = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff
      return seed & 0xff
    }
    const colours = Array.from({ length: 20_000 }, () => [next(), next(), next()] as [number, number, number])
    const px = Uint8Array.from(colours.flat())
    displayP3ToSrgb(px, 3)
    let worst = 0
    for (const [n, c] of colours.entries()) {
      const want = expected(c)
      for (let k = 0; k < 3; k++) worst = Math.max(worst, Math.abs(px[n * 3 + k]! - want[k]!))
    }
    expect(worst).toBeLessThanOrEqual(1)
  })

  it('works on RGB (3 channels) too', () => {
    const px = Uint8Array.from([200, 100, 80, 10, 20, 30])
    displayP3ToSrgb(px, 3)
    const a = expected([200, 100, 80])
    const b = expected([10, 20, 30])
    for (const [i, v] of [...a, ...b].entries()) expect(Math.abs(px[i]! - v)).toBeLessThanOrEqual(1)
  })
})
