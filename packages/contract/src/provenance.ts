import { z } from 'zod'

/** The largest file the public /verify page reads (docs/decisions/0113-c2pa-signing-at-download.md). */
export const VERIFY_LIMIT_BYTES = 40 * 1024 * 1024
/** The media types /verify reads: the ones Parti signs. */
export const VERIFY_FORMATS = ['image/jpeg', 'image/png', 'image/webp', 'video/mp4'] as const

export const ProvenanceAction = z.object({
  action: z.string().describe('the C2PA action, e.g. c2pa.created, c2pa.edited, c2pa.opened'),
  digitalSourceType: z
    .string()
    .nullable()
    .describe('the IPTC digital source type, e.g. …/trainedAlgorithmicMedia'),
  softwareAgent: z.string().nullable(),
  description: z.string().nullable(),
  when: z.string().nullable(),
})

export const ProvenanceIngredient = z.object({
  title: z.string(),
  relationship: z.string().describe('parentOf, componentOf or inputTo'),
  hasManifest: z
    .boolean()
    .describe('the ingredient brought a manifest of its own (its history continues below)'),
})

export const ProvenanceManifest = z.object({
  label: z.string(),
  title: z.string().nullable(),
  generator: z.string().nullable().describe('the application that wrote this manifest'),
  signedBy: z.string().nullable().describe("the signing certificate's common name"),
  issuer: z.string().nullable().describe("the signing certificate's organisation"),
  signedAt: z.string().nullable().describe('a trusted time stamp, when the signer had one'),
  /** signed with this installation's generated test certificate, not a certificate anyone vouches for */
  testCertificate: z.boolean(),
  aiGenerated: z
    .boolean()
    .describe('an action says a model made or edited it (IPTC trainedAlgorithmicMedia)'),
  virtuallyStaged: z.boolean(),
  engine: z.string().nullable(),
  model: z.string().nullable(),
  actions: z.array(ProvenanceAction),
  ingredients: z.array(ProvenanceIngredient),
})
export type ProvenanceManifest = z.infer<typeof ProvenanceManifest>

export const VerifyResponse = z
  .object({
    state: z
      .enum(['valid', 'tampered', 'none'])
      .describe(
        'valid: the manifest checks out; tampered: the file or its manifest changed after signing; none: no manifest',
      ),
    format: z.string(),
    trusted: z.boolean().describe('the signer chains to a trust anchor this server knows'),
    manifests: z
      .array(ProvenanceManifest)
      .describe('the history, newest first: the active manifest, then the ones its ingredients carried'),
    problems: z.array(z.object({ code: z.string(), explanation: z.string().nullable() })),
  })
  .meta({ id: 'VerifyResponse' })
export type VerifyResponse = z.infer<typeof VerifyResponse>
