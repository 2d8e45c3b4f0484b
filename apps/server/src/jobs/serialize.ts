import type { Generation, GenerationMetadata, Recipe } from '@parti/contract'
import type { generations } from '../db/schema.ts'
import { chargeOf } from '../domain/jobs.ts'
import type { StoredRecipe } from '../kinds/recipe.ts'
import type { StorageService } from '../storage/service.ts'

/** What the API shows reads none of the job's working state (payload, lease, attempts…). */
export type ShownGenerationRow = Omit<
  typeof generations.$inferSelect,
  | 'payload'
  | 'negativePrompt'
  | 'priority'
  | 'maskKey'
  | 'attempts'
  | 'maxAttempts'
  | 'leaseUntil'
  | 'workerId'
  | 'runAfter'
  | 'updatedAt'
>

/**
 * A generation row as the API shows it (the names of docs/product.md#generation; file keys become URLs the
 * owner can open).
 */
export function toGeneration(row: ShownGenerationRow, storage: StorageService): Generation {
  const meta = { ...(row.metadata as GenerationMetadata) }
  const cleanedKey = typeof meta.cleanedImageKey === 'string' ? meta.cleanedImageKey : null
  if (cleanedKey) {
    meta.cleanedImageUrl = storage.urlFor(cleanedKey) ?? undefined
    delete meta.cleanedImageKey
  }
  // the fidelity overlay is a file of the job like the cleaned image (docs/product.md#fidelity)
  const overlayKey = typeof meta.fidelityOverlayKey === 'string' ? meta.fidelityOverlayKey : null
  if (overlayKey) {
    const url = storage.urlFor(overlayKey)
    if (meta.fidelity && url) meta.fidelity = { ...meta.fidelity, overlayUrl: url }
    delete meta.fidelityOverlayKey
  }
  const inputs = row.inputKeys.map((k) => storage.urlFor(k)!).filter(Boolean)
  const sourceKey = typeof meta.sourceImageKey === 'string' ? meta.sourceImageKey : null
  if (sourceKey) delete meta.sourceImageKey
  return {
    id: row.id,
    userId: row.userId,
    type: row.type as Generation['type'],
    generationType: row.generationType as Generation['generationType'],
    mode: row.mode as Generation['mode'],
    status: row.status as Generation['status'],
    progress: row.progress,
    creditsCost: row.creditsCost,
    ...chargeOf(row.status, row.creditsCost, row.creditsRefunded),
    deleted: row.deleted,
    favorite: row.favorite,
    prompt: row.prompt,
    userPrompt: row.userPrompt,
    enhancedPrompt: row.enhancedPrompt,
    videoPrompt: row.videoPrompt,
    styleId: row.styleId,
    colorPaletteId: row.colorPaletteId,
    engine: row.engine,
    model: row.model,
    inputImageUrl: inputs[0] ?? null,
    inputImageUrls: inputs,
    sourceGenerationId: row.sourceGenerationId,
    sourceImageUrl: sourceKey ? storage.urlFor(sourceKey) : null,
    outputImageUrl: storage.urlFor(row.outputImageKey),
    outputVideoUrl: storage.urlFor(row.outputVideoKey),
    thumbnailUrl: storage.urlFor(row.thumbnailKey),
    processingTime: row.processingTimeMs,
    batchId: row.batchId,
    seed: row.seed,
    picked: row.picked,
    recipe: row.recipe ? recipeShown(row.recipe as unknown as StoredRecipe, storage) : null,
    projectId: row.projectId,
    error: row.error,
    errorCode: row.errorCode,
    metadata: meta,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
  }
}

/** A stored recipe as the API shows it: its files as URLs the owner can open. */
function recipeShown(r: StoredRecipe, storage: StorageService): Recipe {
  const { maskKey, inputKeys, planned: _planned, ...rest } = r
  return {
    ...rest,
    maskUrl: maskKey ? storage.urlFor(maskKey) : null,
    inputUrls: inputKeys.map((k) => storage.urlFor(k)).filter((u): u is string => !!u),
  }
}
