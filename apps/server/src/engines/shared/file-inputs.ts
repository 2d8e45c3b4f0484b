import { dataUri, type PreparedImage } from './images.ts'

/**
 * How an image input reaches a provider (docs/decisions/0094-large-inputs-through-provider-file-apis.md):
 * inline while its data URI is at most `maxInlineChars` long, otherwise uploaded through the provider's own
 * file API and passed by the URL that answers. Uploads are short-lived at the provider; `cleanup` removes
 * what can be removed once the run is over.
 */
export interface FileInputs {
  url(image: PreparedImage): Promise<string>
  /** best effort, after the provider's job is over (finished, failed or cancelled) */
  cleanup(): Promise<void>
}

/** What a provider's file API does for one image: store it, answer the URL to send, and how to remove it. */
type Upload = (image: PreparedImage) => Promise<{ url: string; remove?: () => Promise<void> }>

export function fileInputs(maxInlineChars: number, upload: Upload): FileInputs {
  const removals: Array<() => Promise<void>> = []
  return {
    async url(image) {
      const inline = dataUri(image)
      if (inline.length <= maxInlineChars) return inline
      const stored = await upload(image)
      if (stored.remove) removals.push(stored.remove)
      return stored.url
    },
    async cleanup() {
      await Promise.allSettled(removals.splice(0).map((remove) => remove()))
    },
  }
}

/** Everything inline: for building requests without a provider to upload to (tests, schema checks). */
export const inlineInputs: FileInputs = {
  url: async (image) => dataUri(image),
  cleanup: async () => {},
}
