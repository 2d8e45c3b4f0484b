import { createHash, X509Certificate } from 'node:crypto'
import type { GenerationMetadata, ProvenanceManifest, VerifyResponse } from '@parti/contract'
import type { Db } from '../db/client.ts'
import { findOwnGeneration } from '../db/repos/generations.ts'
import type { generations } from '../db/schema.ts'
import type { BlobStore } from '../storage/types.ts'
import { type IngredientFile, type ManifestJson, readAsset, SIGNABLE, signAsset } from './c2pa.ts'
import { loadSigningCredentials, type SigningCredentials } from './credentials.ts'
import { type FileFacts, ingredientJson, LABEL, manifestFor, SOURCE_TYPE } from './manifest.ts'

type GenerationRow = typeof generations.$inferSelect

/** The media type of a file by its first bytes: the formats Parti signs, else null. */
export function sniffFormat(bytes: Uint8Array): string | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 16))
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg'
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png'
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp'
  if (b.length >= 12 && b.toString('latin1', 4, 8) === 'ftyp') {
    const brand = b.toString('latin1', 8, 12)
    return /^(heic|heix|mif1|msf1|avif|qt {2})$/.test(brand) ? null : 'video/mp4'
  }
  return null
}

const extension: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
}

/** Credentials once per process and configuration: the test certificate is made (or read) on first use. */
const loaded = new Map<string, Promise<SigningCredentials>>()

export interface ProvenanceSettings {
  C2PA_CERT?: string | undefined
  C2PA_KEY?: string | undefined
  dataDir: string
}

/**
 * Content Credentials on every file that leaves Parti (docs/decisions/0113-c2pa-signing-at-download.md):
 * a copy of the stored file with a signed C2PA manifest, made when it is downloaded or exported and kept
 * beside the master so the next download is a plain read. The master itself is never written.
 */
export class Provenance {
  constructor(
    private readonly db: Db,
    private readonly storage: { readonly blobs: BlobStore },
    private readonly settings: ProvenanceSettings,
  ) {}

  credentials(): Promise<SigningCredentials> {
    const id = `${this.settings.dataDir}\n${this.settings.C2PA_CERT ?? ''}\n${this.settings.C2PA_KEY ?? ''}`
    let p = loaded.get(id)
    if (!p) {
      p = loadSigningCredentials({
        cert: this.settings.C2PA_CERT,
        key: this.settings.C2PA_KEY,
        dataDir: this.settings.dataDir,
      })
      p.catch(() => loaded.delete(id))
      loaded.set(id, p)
    }
    return p
  }

  /**
   * The key to serve when `key` is downloaded: a signed copy when the file is an image or video a generation
   * made (`users/<user>/<generation>/<file>`), the key itself otherwise (the user's own uploads leave as they
   * came). The copy is named by the signing certificate, so a new certificate signs afresh.
   */
  async downloadKey(key: string, options: { outputsOnly?: boolean } = {}): Promise<string> {
    const m = /^users\/([0-9a-f-]{36})\/([0-9a-f-]{36})\/([^/]+)$/.exec(key)
    if (!m) return key
    const [, userId, generationId, file] = m as unknown as [string, string, string, string]
    const generation = await findOwnGeneration(this.db, userId, generationId)
    if (!generation) return key
    if (options.outputsOnly && key !== generation.outputImageKey && key !== generation.outputVideoKey)
      return key
    const credentials = await this.credentials()
    const fingerprint = createHash('sha256').update(credentials.chain[0]!).digest('hex').slice(0, 12)
    const signedKey = `users/${userId}/${generationId}/signed/${fingerprint}-${file}`
    if (await this.storage.blobs.head(signedKey)) return signedKey
    const bytes = await this.storage.blobs.get(key)
    if (!bytes) return key
    const format = sniffFormat(bytes)
    if (!format || !SIGNABLE.has(format)) return key
    const signed = await this.sign(generation, key, bytes, format)
    await this.storage.blobs.put(signedKey, signed, format)
    return signedKey
  }

  /** `bytes` (the stored file of `key`, or a copy of it such as a labelled export) with a signed manifest. */
  async sign(
    generation: GenerationRow,
    key: string,
    bytes: Buffer,
    format?: string,
    /** one more action after the generation's own, e.g. a board's label burnt into an export copy */
    extra?: { action: string; description: string },
  ): Promise<Buffer> {
    const fmt = format ?? sniffFormat(bytes)
    if (!fmt || !SIGNABLE.has(fmt)) return bytes
    const credentials = await this.credentials()
    const sourceKey = generation.inputKeys[0] ?? null
    const sourceBytes = sourceKey ? await this.storage.blobs.get(sourceKey) : null
    const sourceFormat = sourceBytes ? sniffFormat(sourceBytes) : null
    const master = key === generation.outputImageKey || key === generation.outputVideoKey
    // a provider's own manifest in the file as the engine delivered it is kept as the parent ingredient
    const providerManifest = !!(await readAsset(bytes, fmt, null).catch(() => null))
    const facts = factsOf(generation, {
      key,
      format: fmt,
      master,
      source:
        sourceBytes && sourceFormat ? { title: sourceKey!.split('/').pop()!, format: sourceFormat } : null,
      providerManifest,
      testCertificate: credentials.testCertificate,
      extra: extra ?? null,
    })
    const defs = ingredientJson(facts)
    const ingredients: IngredientFile[] = []
    if (defs.provider) ingredients.push({ json: defs.provider, format: fmt, bytes })
    if (defs.source && sourceBytes && sourceFormat)
      ingredients.push({ json: defs.source, format: sourceFormat, bytes: sourceBytes })
    return signAsset(bytes, fmt, manifestFor(facts), ingredients, credentials)
  }

  /** What a file's manifest says and whether it still holds (the public /verify page). */
  async verify(bytes: Buffer, format: string): Promise<VerifyResponse> {
    const credentials = await this.credentials()
    let read: Awaited<ReturnType<typeof readAsset>>
    try {
      read = await readAsset(bytes, format, credentials.anchorsPem)
    } catch (err) {
      // a file the SDK cannot read: with no C2PA box in it, it simply has no manifest; with one, the box was
      // cut or overwritten
      if (!bytes.includes('c2pa'))
        return { state: 'none', format, trusted: false, manifests: [], problems: [] }
      return {
        state: 'tampered',
        format,
        trusted: false,
        manifests: [],
        problems: [
          { code: 'manifest.unreadable', explanation: String((err as Error)?.message ?? err).slice(0, 300) },
        ],
      }
    }
    if (!read) return { state: 'none', format, trusted: false, manifests: [], problems: [] }
    const store = read.store
    const failures = [
      ...(store.validation_results?.activeManifest?.failure ?? []),
      ...(store.validation_status ?? []),
    ].filter((s, i, all) => all.findIndex((o) => o.code === s.code && o.url === s.url) === i)
    const untrusted = (code: string) => code.startsWith('signingCredential.untrusted')
    const problems = failures.filter((f) => !untrusted(f.code))
    const testSerial = credentials.testCertificate
      ? BigInt(`0x${new X509Certificate(credentials.chain[0]!).serialNumber}`).toString()
      : null
    const manifests: ProvenanceManifest[] = []
    const seen = new Set<string>()
    const walk = (label: string | undefined) => {
      if (!label || seen.has(label)) return
      seen.add(label)
      const m = store.manifests[label]
      if (!m) return
      manifests.push(summarise(label, m, store.manifests, testSerial))
      for (const ingredient of m.ingredients ?? []) walk(ingredient.active_manifest)
    }
    walk(store.active_manifest)
    return {
      state: problems.length || store.validation_state === 'Invalid' ? 'tampered' : 'valid',
      format,
      trusted: store.validation_state === 'Trusted',
      manifests,
      problems: problems.map((p) => ({ code: p.code, explanation: p.explanation ?? null })),
    }
  }
}

function factsOf(
  g: GenerationRow,
  file: {
    key: string
    format: string
    master: boolean
    source: FileFacts['source']
    providerManifest: boolean
    testCertificate: boolean
    extra: FileFacts['extra']
  },
): FileFacts {
  const recipe = (g.recipe ?? {}) as {
    steps?: FileFacts['steps']
    engine?: string | null
    model?: string | null
  }
  const meta = g.metadata as GenerationMetadata
  const stagedPhase = meta.phases?.staging
  const staged =
    g.mode === 'staging' &&
    file.master &&
    stagedPhase !== 'skipped' &&
    stagedPhase !== 'failed' &&
    (!meta.steps || meta.steps.includes('staging-stage'))
  const payload = g.payload as { task?: { style?: { name?: string }; palette?: { name?: string } } }
  return {
    title: `parti-${g.mode}-${g.id.slice(0, 8)}.${extension[file.format] ?? 'bin'}`,
    format: file.format,
    generationId: g.id,
    mode: g.mode,
    engine: g.engine ?? recipe.engine ?? null,
    model: g.model ?? recipe.model ?? null,
    steps: Array.isArray(recipe.steps) ? recipe.steps : [],
    createdAt: (g.completedAt ?? g.createdAt).toISOString(),
    virtuallyStaged: staged
      ? {
          roomType: meta.roomType ?? null,
          style: meta.stagingStyle ?? payload.task?.style?.name ?? null,
          palette: payload.task?.palette?.name ?? null,
        }
      : null,
    source: file.source,
    providerManifest: file.providerManifest,
    testCertificate: file.testCertificate,
    extra: file.extra,
  }
}

const str = (v: unknown) => (typeof v === 'string' && v ? v : null)

function summarise(
  label: string,
  m: ManifestJson,
  all: Record<string, ManifestJson>,
  testSerial: string | null,
): ProvenanceManifest {
  const actions = (m.assertions ?? [])
    .filter((a) => a.label.startsWith('c2pa.actions'))
    .flatMap(
      (a) =>
        ((a.data as { actions?: Record<string, unknown>[] })?.actions ?? []) as Record<string, unknown>[],
    )
    .map((a) => {
      const agent = a.softwareAgent as { name?: string; version?: string } | string | undefined
      return {
        action: String(a.action ?? ''),
        digitalSourceType: str(a.digitalSourceType),
        softwareAgent:
          typeof agent === 'string'
            ? agent
            : agent?.name
              ? `${agent.name}${agent.version ? ` (${agent.version})` : ''}`
              : null,
        description: str(a.description),
        when: str(a.when),
      }
    })
  const generation = (m.assertions ?? []).find((a) => a.label === LABEL.generation)?.data as
    | { engine?: string; model?: string }
    | undefined
  const params = (m.assertions ?? [])
    .filter((a) => a.label.startsWith('c2pa.actions'))
    .flatMap(
      (a) => (a.data as { actions?: { parameters?: { engine?: string; model?: string } }[] })?.actions ?? [],
    )
    .map((a) => a.parameters ?? {})
    .find((p) => p.engine || p.model)
  const ai = actions.some(
    (a) => a.digitalSourceType === SOURCE_TYPE.generated || a.digitalSourceType === SOURCE_TYPE.edited,
  )
  return {
    label,
    title: m.title ?? null,
    generator:
      m.claim_generator_info?.map((g) => (g.version ? `${g.name} ${g.version}` : g.name)).join(', ') || null,
    signedBy: m.signature_info?.common_name ?? null,
    issuer: m.signature_info?.issuer ?? null,
    signedAt: m.signature_info?.time ?? null,
    testCertificate: !!testSerial && m.signature_info?.cert_serial_number === testSerial,
    aiGenerated: ai,
    virtuallyStaged: (m.assertions ?? []).some((a) => a.label === LABEL.staging),
    engine: str(generation?.engine) ?? str(params?.engine),
    model: str(generation?.model) ?? str(params?.model),
    actions,
    ingredients: (m.ingredients ?? []).map((i) => ({
      title: i.title ?? '',
      relationship: i.relationship ?? 'componentOf',
      hasManifest: !!(i.active_manifest && all[i.active_manifest]),
    })),
  }
}

const perContext = new WeakMap<object, Provenance>()
/** One Provenance per application context (the routes that serve files and the exports share it). */
export function provenanceFor(ctx: {
  database: { db: Db }
  storage: { readonly blobs: BlobStore }
  config: ProvenanceSettings
}): Provenance {
  let p = perContext.get(ctx.config)
  if (!p) {
    p = new Provenance(ctx.database.db, ctx.storage, ctx.config)
    perContext.set(ctx.config, p)
  }
  return p
}
