// Why a job failed, in words the user can act on (docs/product.md#errors-generation): an id from this list with
// its parameters, stored in the generation's `metadata.failure` beside the English `error`, and translated by
// the web. Rows written before the ids hold only the English `error`; it is shown as it is.

/** Every user-safe failure reason, with its English words; `{{name}}` is a parameter. */
export const FAILURES = {
  job_failed: 'The job failed. Your credits were not charged.',
  job_stalled: 'The job stopped responding and was cancelled. Your credits were not charged.',
  timed_out: 'The job took too long and was stopped.',
  cancelled: 'The job was cancelled.',
  unreadable_job: 'This job was queued in a format this server cannot read.',
  input_missing: 'The input file is missing.',
  no_result: 'The engine returned no result.',
  no_image: 'The engine returned no image.',
  /** a step's own failure (the contract's STEPS) */
  render_failed: 'Failed to render sketch',
  room_photo_failed: 'Failed to process the room photo',
  inpaint_failed: 'Inpainting failed',
  edit_failed: "Sorry, I couldn't edit your image. Please try again",
  video_failed: 'Failed to generate video',
  upscale_failed: 'The picture could not be upscaled. Your credits were not charged.',
  /** a provider's content filter said no (docs/product.md#errors-chat) */
  refused:
    "Sorry, I couldn't process your request. Try another prompt, avoid copyrighted or watermarked content, and ensure the image is clear.",
  /** the input files; `what` is one of FAILURE_SUBJECTS */
  file_empty: 'The {{what}} file is empty. Please upload a PNG, JPEG or WebP file.',
  file_unreadable: 'The {{what}} could not be read. Please upload a PNG, JPEG or WebP file.',
  file_damaged: 'The {{what}} could not be decoded; the file may be damaged. Please upload it again.',
  file_too_large:
    'The {{what}} is too large ({{width}}×{{height}} pixels). Please upload at most 40 megapixels.',
  file_too_small:
    'The {{what}} is too small ({{width}}×{{height}} pixels). Please upload one at least {{min}} pixels on each side; 1024 pixels or more gives the best results.',
  file_blank:
    'The {{what}} is blank: it is a single flat colour with nothing in it to edit. Please attach the photo or drawing you want to change.',
  /** the lasso selection */
  selection_empty: 'The selected area is empty. Please select it again.',
  mask_empty: 'The selection mask is empty. Please select an area with the lasso tool.',
  selection_empty_change:
    'The selection is empty. Please select an area with the lasso tool to indicate what to change.',
  /** sketches */
  no_sky:
    'No sky could be found cleanly in this photo (a bright area at the top, bounded by the roof and walls), so it was not replaced. Your credits were not charged.',
  no_verticals:
    'No vertical lines (wall edges, door or window frames) were found to straighten this photo by. Your credits were not charged.',
  /** upscale: the result would pass UPSCALE_LIMITS (docs/decisions/0115-upscale.md) */
  upscale_too_large:
    'Upscaling this {{width}}×{{height}} picture {{factor}}× would make it {{outWidth}}×{{outHeight}} pixels, more than the {{maxMegapixels}} megapixels (and {{maxSide}} pixels a side) an upscale makes. Try 2× or a smaller picture. Your credits were not charged.',
  nothing_to_blur:
    'No face was found and no area was marked to blur, so there is nothing to blur. Your credits were not charged.',
  surface_not_found:
    'No surface could be picked where you clicked: click inside a wall, floor or ceiling, or mark it with the lasso. Your credits were not charged.',
  paint_unknown:
    'That colour is not known: give a hex code (#C5C7C4), a RAL Classic number (RAL 7035), an NCS notation (NCS S 1050-Y90R) or a RAL colour name.',
  sketch_unreadable: 'The sketch could not be read. Please upload it again.',
  sketch_blank:
    'No lines were found in the sketch: the page looks blank. Please upload a sketch with visible lines.',
  sketch_too_dark:
    'The sketch is too dark to find its lines. Please upload a drawing on light paper or a light background.',
  /** the fidelity check (docs/product.md#fidelity); `score` and `threshold` are whole percentages */
  lines_missed:
    'The result kept too few of your lines ({{score}} %; at least {{threshold}} % is expected). Your credits were not charged.',
  /** Ask Parti on the built-in engine: what to provide, or what it cannot do */
  choose_palette: 'Please choose a colour palette first, then ask again to recolour the image.',
  select_to_remove: 'Please select an area with the lasso tool to indicate what to remove.',
  select_words:
    'Please select “{{words}}” with the lasso tool, then ask again: I can’t find it in the picture on my own.',
  /** a part of the request left out; `reason` is a RefusalReason id the screens translate */
  left_out: 'Not done: “{{words}}” ({{reason}}).',
  edit_unsupported:
    "Sorry, I couldn't process your request. Try another prompt, avoid copyrighted or watermarked content, and ensure the image is clear. On this server I can make it brighter or darker, change contrast, warmth or saturation, make it black and white or sepia, sharpen it, blur the background, crop to a ratio such as 16:9, rotate or flip it, straighten its verticals, remove a selected area, or recolour it with your palette.",
} as const

export type FailureId = keyof typeof FAILURES
export const FAILURE_IDS = Object.keys(FAILURES) as FailureId[]

/** The files a failure can speak of (the `what` parameter), each translated by the web. */
const FAILURE_SUBJECTS = ['image', 'sketch', 'room photo', 'file', 'selection mask'] as const
export type FailureSubject = (typeof FAILURE_SUBJECTS)[number]

/** A failure reason as engines raise it: an id and, for reasons that need them, its parameters. */
export interface FailureReason {
  id: FailureId
  params?: Record<string, string | number>
}

/** A failure reason's English words, its parameters filled in. */
export function failureWords(reason: FailureReason): string {
  return FAILURES[reason.id].replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    String(reason.params?.[name] ?? ''),
  )
}
