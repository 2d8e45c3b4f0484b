import type { ManifestDefinition } from './c2pa.ts'

/** IPTC digital source types (https://cv.iptc.org/newscodes/digitalsourcetype/), as C2PA actions cite them. */
const IPTC = 'http://cv.iptc.org/newscodes/digitalsourcetype/'
export const SOURCE_TYPE = {
  /** made by a model from a prompt or a drawing */
  generated: `${IPTC}trainedAlgorithmicMedia`,
  /** a real photo changed by a model */
  edited: `${IPTC}compositeWithTrainedAlgorithmicMedia`,
} as const

/** Parti's own assertions: labels under Parti's reverse domain, as C2PA asks of custom ones. */
export const LABEL = {
  generation: 'com.parti.generation',
  staging: 'com.parti.virtual-staging',
  signer: 'com.parti.signer',
} as const

/** Kinds whose result is a new picture made from a drawing, a description or a still; the rest edit a photo. */
const CREATES = new Set(['sketch', 'multi-angle', 'animate'])

/** What the manifest says about one file, read from its generation row (apps/server/src/kinds/recipe.ts). */
export interface FileFacts {
  title: string
  format: string
  generationId: string
  mode: string
  engine: string | null
  model: string | null
  /** each engine call that made it, with its engine and model (the recipe's steps) */
  steps: { step: string; engine: string; model: string }[]
  createdAt: string
  /** a staging result whose staging phase ran: furniture was added by a model */
  virtuallyStaged: { roomType: string | null; style: string | null; palette: string | null } | null
  /** the source photo or drawing it was made from, if Parti has it */
  source: { title: string; format: string } | null
  /** the file as the engine delivered it carries a manifest of the provider's own */
  providerManifest: boolean
  testCertificate: boolean
  /** one more action Parti took on this copy (a board's label burnt in at export) */
  extra: { action: string; description: string } | null
}

/** The ingredient labels the actions point at (`parameters.ingredientIds`). */
const INGREDIENT = { source: 'source', provider: 'provider-output' } as const

/**
 * The manifest of a file leaving Parti (docs/decisions/0113-c2pa-signing-at-download.md): created or edited,
 * AI-generated with the engine and model, "virtually staged" for staging, the source as an ingredient, and
 * the provider's own manifest kept as the parent ingredient when the engine's file came with one.
 */
export function manifestFor(f: FileFacts): ManifestDefinition {
  const agent = {
    name: `Parti ${f.engine ?? 'local'} engine`,
    ...(f.model ? { version: f.model } : {}),
  }
  const generated = CREATES.has(f.mode) || !f.source
  const actions: Record<string, unknown>[] = []
  if (f.providerManifest) {
    // the engine's file is the parent: its manifest (the provider's history) stays whole inside this one
    actions.push({ action: 'c2pa.opened', parameters: { ingredientIds: [INGREDIENT.provider] } })
  } else if (!generated) {
    actions.push({ action: 'c2pa.opened', parameters: { ingredientIds: [INGREDIENT.source] } })
  }
  const description = f.virtuallyStaged
    ? 'Virtually staged: furniture and decor added by an AI model; the room itself is the photographed one'
    : generated
      ? `Made by an AI model (${f.mode})`
      : `Edited by an AI model (${f.mode})`
  actions.push({
    action: generated && !f.providerManifest ? 'c2pa.created' : 'c2pa.edited',
    digitalSourceType: generated ? SOURCE_TYPE.generated : SOURCE_TYPE.edited,
    softwareAgent: agent,
    description,
    when: f.createdAt,
    parameters: {
      ...(f.engine ? { engine: f.engine } : {}),
      ...(f.model ? { model: f.model } : {}),
      ...(generated && f.source ? { ingredientIds: [INGREDIENT.source] } : {}),
    },
  })
  if (f.extra) actions.push({ ...f.extra, softwareAgent: { name: 'Parti' }, when: new Date().toISOString() })
  const assertions: ManifestDefinition['assertions'] = [
    { label: 'c2pa.actions.v2', data: { actions } },
    {
      label: LABEL.generation,
      data: {
        generationId: f.generationId,
        kind: f.mode,
        engine: f.engine,
        model: f.model,
        steps: f.steps,
        aiGenerated: true,
      },
    },
    {
      label: LABEL.signer,
      data: f.testCertificate
        ? {
            testCertificate: true,
            note: 'Signed with a self-signed test certificate this Parti installation generated; it proves nothing about who signed until C2PA_CERT and C2PA_KEY are set',
          }
        : { testCertificate: false },
    },
  ]
  if (f.virtuallyStaged)
    assertions.push({ label: LABEL.staging, data: { virtuallyStaged: true, ...f.virtuallyStaged } })
  return {
    title: f.title,
    format: f.format,
    claim_generator_info: [{ name: 'Parti', version: '0.1.0' }],
    assertions,
  }
}

/** The ingredient definitions that go with the files' bytes (the SDK reads their manifests, if any). */
export function ingredientJson(f: FileFacts): {
  source: Record<string, unknown> | null
  provider: Record<string, unknown> | null
} {
  const generated = CREATES.has(f.mode) || !f.source
  const parentTaken = f.providerManifest
  return {
    provider: f.providerManifest
      ? {
          title: `${f.title} (as the engine delivered it)`,
          relationship: 'parentOf',
          label: INGREDIENT.provider,
        }
      : null,
    source: f.source
      ? {
          title: f.source.title,
          relationship: generated || parentTaken ? 'inputTo' : 'parentOf',
          label: INGREDIENT.source,
        }
      : null,
  }
}
