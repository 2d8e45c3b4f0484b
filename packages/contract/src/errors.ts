import { z } from 'zod'
import { UPLOAD_FORMAT_NAMES } from './constants.ts'

/** The one error shape (docs/decisions/0027-one-error-shape.md): `{ error: { code, message, details? } }`. */
export const ERROR_CODES = [
  'validation_failed',
  'unauthorized',
  'invalid_credentials',
  'email_taken',
  /** a mailed link that expired, was used already, or never existed (docs/product.md#account) */
  'link_expired',
  /** the current password given to change the password or the address is not right */
  'wrong_password',
  /** a password sign-in to an account that signs in with Google or Apple; details.provider names it */
  'provider_sign_in',
  'insufficient_credits',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'unprocessable',
  /** nothing the request asks for can be done by the engine serving it (docs/product.md#capabilities) */
  'not_offered',
  'rate_limited',
  /** a personal API key needs a plan with API access (docs/product.md#api-keys) */
  'api_access_required',
  /** key management, account and admin calls take the browser session, never an API key */
  'api_key_not_allowed',
  /** ALLOW_SIGN_UP=false: only existing accounts sign in (docs/product.md#demo-mode) */
  'sign_up_closed',
  /** DEMO_MODE=true: nobody signs in or up (docs/product.md#demo-mode) */
  'demo_mode',
  'internal',
  'unavailable',
  // the validation messages of docs/product.md#validation, one code each so the web can show them translated
  'sketch_required',
  'description_required',
  'building_description_required',
  'video_image_required',
  'invalid_image_url',
  'animation_description_required',
  'angle_required',
  'room_photo_required',
  'lasso_required',
  'edit_prompt_required',
  'chat_prompt_image_required',
  'invalid_image_file',
  'conversation_required',
  'unknown_style',
  'unknown_palette',
] as const
export const ErrorCode = z.enum(ERROR_CODES)
export type ErrorCode = z.infer<typeof ErrorCode>

/** The English text of each code; the wording of docs/product.md#validation and docs/product.md#errors. */
export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  validation_failed: 'The request is not valid',
  unauthorized: 'Please sign in',
  invalid_credentials: 'Incorrect e-mail or password',
  email_taken: 'An account with this e-mail already exists',
  link_expired: 'This link has expired or was already used',
  wrong_password: 'The current password is not right',
  provider_sign_in: 'This account signs in with its provider, not a password',
  insufficient_credits: 'Insufficient credits',
  forbidden: 'You do not have access to this',
  not_found: 'Not found',
  conflict: 'Conflict',
  payload_too_large: 'The file is larger than 10 MB',
  unsupported_media_type: `Please select a valid image file (${UPLOAD_FORMAT_NAMES})`,
  unprocessable: 'The request could not be processed',
  not_offered: 'What you asked for is not available on the engine serving it',
  rate_limited: 'Too many attempts. Please wait a moment and try again.',
  api_access_required: 'API keys come with the Pro plan',
  api_key_not_allowed: 'This call needs you signed in on the website; an API key cannot make it',
  sign_up_closed: 'New accounts are not being created at the moment. Existing accounts can sign in.',
  demo_mode: 'This is a demo: signing in and creating accounts are turned off.',
  internal: 'Something went wrong on our side. Please try again.',
  unavailable: 'The service is unavailable',
  sketch_required: 'Please upload a sketch file',
  description_required: 'Please describe what is in your sketch (e.g., "a living room")',
  building_description_required: 'Please describe the building',
  video_image_required: 'Please upload an image or provide an image URL',
  invalid_image_url: 'Invalid image URL',
  animation_description_required: 'Please describe the animation you want to create',
  angle_required: 'Please select at least one angle to generate',
  room_photo_required: 'Please upload a room photo',
  lasso_required: 'Please select an area with the lasso tool to indicate areas to inpaint',
  edit_prompt_required: 'Please describe the change you want',
  chat_prompt_image_required: 'Please provide a prompt and select an image to edit.',
  invalid_image_file: `Please select a valid image file (${UPLOAD_FORMAT_NAMES})`,
  conversation_required: 'Please start a new conversation first',
  unknown_style: 'The chosen style does not exist',
  unknown_palette: 'The chosen colour palette does not exist',
}

export const ErrorBody = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
  })
  .meta({ id: 'Error' })
export type ErrorBody = z.infer<typeof ErrorBody>

export const InsufficientCreditsDetails = z.object({
  required: z.number().int(),
  available: z.number().int(),
})
export type InsufficientCreditsDetails = z.infer<typeof InsufficientCreditsDetails>
