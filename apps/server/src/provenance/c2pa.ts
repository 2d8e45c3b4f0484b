import { constants, sign as cryptoSign } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { initSync, WasmBuilder, WasmReader } from '@contentauth/c2pa-wasm'
import { type Cbor, CborMap, CborTag, encodeCbor } from './cbor.ts'
import type { SigningAlg, SigningCredentials } from './credentials.ts'

/**
 * The Content Authenticity Initiative's SDK (c2pa-rs built to WebAssembly) loaded once per process: it writes
 * and validates the manifest store (claims, assertions, hashes, JUMBF). Its signer hands Parti the claim's bytes
 * and takes back a whole COSE_Sign1, so that envelope is built here (docs/decisions/0113-c2pa-signing-at-download.md).
 */
let loaded = false
function sdk(): void {
  if (loaded) return
  // The builder reads its Blobs with FileReaderSync, which only browsers' workers have: in Node the bytes are
  // handed over as BytesBlob (size and slice, as the SDK uses a Blob) and read back synchronously from memory.
  const g = globalThis as { FileReaderSync?: unknown }
  g.FileReaderSync ??= class {
    readAsArrayBuffer(blob: unknown): ArrayBuffer {
      if (!(blob instanceof BytesBlob)) throw new TypeError('only in-memory files are read here')
      return blob.arrayBufferSync()
    }
  }
  const wasm = createRequire(import.meta.url).resolve('@contentauth/c2pa-wasm/c2pa.wasm')
  initSync({ module: readFileSync(wasm) })
  loaded = true
}

/** The media types the SDK signs and reads here; anything else leaves unsigned (see the decision). */
export const SIGNABLE = new Set(['image/jpeg', 'image/png', 'image/webp', 'video/mp4'])

/** Room the signature box keeps for the COSE structure: the certificate chain plus the signature, padded. */
const RESERVE = 12_288

const COSE_ALG: Record<SigningAlg, number> = { es256: -7, es384: -35, es512: -36, ps256: -37, ed25519: -8 }
const HASH: Record<SigningAlg, string | null> = {
  es256: 'sha256',
  es384: 'sha384',
  es512: 'sha512',
  ps256: 'sha256',
  ed25519: null,
}

function rawSignature(alg: SigningAlg, credentials: SigningCredentials, data: Buffer): Buffer {
  if (alg === 'ps256')
    return cryptoSign('sha256', data, {
      key: credentials.key,
      padding: constants.RSA_PKCS1_PSS_PADDING,
      saltLength: 32,
    })
  return cryptoSign(HASH[alg], data, { key: credentials.key, dsaEncoding: 'ieee-p1363' })
}

/**
 * COSE_Sign1 (RFC 9052) over the claim, detached payload: the algorithm and the certificate chain (x5chain, 33) in
 * the protected header, a `pad` byte string in the unprotected one sized so the whole is exactly the box reserved
 * for it, as the SDK's own signer pads.
 */
function coseSign1(claim: Uint8Array, credentials: SigningCredentials, reserve = RESERVE): Buffer {
  const x5chain: Cbor = credentials.chain.length === 1 ? credentials.chain[0]! : credentials.chain
  const protectedBytes = encodeCbor(
    new CborMap([
      [1, COSE_ALG[credentials.alg]],
      [33, x5chain],
    ]),
  )
  const toBeSigned = encodeCbor(['Signature1', protectedBytes, new Uint8Array(0), claim])
  const signature = rawSignature(credentials.alg, credentials, toBeSigned)
  const envelope = (pad: number) =>
    encodeCbor(
      new CborTag(18, [protectedBytes, new CborMap([['pad', new Uint8Array(pad)]]), null, signature]),
    )
  const bare = envelope(0).length
  if (bare > reserve)
    throw new Error(`the COSE signature (${bare} bytes) does not fit the ${reserve} reserved`)
  // the pad's length prefix grows by 1, 2 or 4 bytes as the pad does: try the few sizes around the gap
  for (let pad = reserve - bare; pad >= Math.max(0, reserve - bare - 8); pad--) {
    const out = envelope(pad)
    if (out.length === reserve) return out
  }
  throw new Error('could not pad the COSE signature to its reserved size')
}

/** A manifest definition as the SDK's Builder reads it (c2pa-rs ManifestDefinition, snake_case JSON). */
export interface ManifestDefinition {
  title: string
  format: string
  claim_generator_info: { name: string; version?: string }[]
  assertions: { label: string; data: unknown }[]
  ingredients?: unknown[]
}

/** An ingredient and its bytes: the SDK reads a manifest already in them and keeps it (provider manifests). */
export interface IngredientFile {
  json: Record<string, unknown>
  format: string
  bytes: Uint8Array
}

/** Bytes in memory shaped as the SDK uses a Blob: size, slice, and a synchronous read (see `sdk`). */
class BytesBlob {
  constructor(private readonly bytes: Uint8Array) {}
  get size(): number {
    return this.bytes.length
  }
  slice(start?: number, end?: number): BytesBlob {
    return new BytesBlob(this.bytes.subarray(start ?? 0, end ?? this.bytes.length))
  }
  arrayBufferSync(): ArrayBuffer {
    const copy = new Uint8Array(this.bytes.length)
    copy.set(this.bytes)
    return copy.buffer
  }
}
const view = (b: Uint8Array) => new BytesBlob(b) as unknown as Blob

/** The asset with a signed C2PA manifest embedded; the input buffer is not touched. */
export async function signAsset(
  asset: Uint8Array,
  format: string,
  definition: ManifestDefinition,
  ingredients: IngredientFile[],
  credentials: SigningCredentials,
): Promise<Buffer> {
  sdk()
  const builder = WasmBuilder.fromJson(JSON.stringify(definition))
  try {
    for (const ingredient of ingredients)
      await builder.addIngredientFromBlob(
        JSON.stringify(ingredient.json),
        ingredient.format,
        view(ingredient.bytes),
      )
    const signed = await builder.sign(
      {
        alg: credentials.alg,
        reserveSize: RESERVE,
        sign: async (claim: Uint8Array) => new Uint8Array(coseSign1(claim, credentials)),
      },
      [],
      format,
      view(asset),
    )
    return Buffer.from(signed)
  } finally {
    builder.free()
  }
}

/** What a file says about itself: its manifest store as the SDK validates it, or null when it has none. */
export async function readAsset(
  asset: Uint8Array,
  format: string,
  anchorsPem: string | null,
): Promise<{ store: ManifestStoreJson } | null> {
  sdk()
  const context = anchorsPem
    ? JSON.stringify({ trust: { user_anchors: anchorsPem }, verify: { verify_trust: true } })
    : undefined
  let reader: WasmReader
  try {
    reader = await WasmReader.fromBytes(format, asset, context)
  } catch (err) {
    if (/JumbfNotFound|ManifestNotFound|not found|no manifest/i.test(String((err as Error)?.message ?? err)))
      return null
    throw err
  }
  try {
    return { store: JSON.parse(reader.json()) as ManifestStoreJson }
  } finally {
    reader.free()
  }
}

interface ValidationStatus {
  code: string
  url?: string
  explanation?: string
}
export interface ManifestJson {
  label?: string
  title?: string
  format?: string
  claim_generator_info?: { name: string; version?: string }[]
  signature_info?: {
    alg?: string
    issuer?: string
    common_name?: string
    time?: string
    cert_serial_number?: string
  }
  assertions?: { label: string; data: unknown }[]
  ingredients?: {
    title?: string
    format?: string
    relationship?: string
    active_manifest?: string
    label?: string
    validation_status?: ValidationStatus[]
  }[]
}
export interface ManifestStoreJson {
  active_manifest?: string
  manifests: Record<string, ManifestJson>
  validation_status?: ValidationStatus[]
  validation_state?: string
  validation_results?: {
    activeManifest?: {
      success?: ValidationStatus[]
      informational?: ValidationStatus[]
      failure?: ValidationStatus[]
    }
    ingredientDeltas?: unknown[]
  }
}
