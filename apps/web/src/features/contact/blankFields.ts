export interface ContactFields {
  name: string
  email: string
  subject: string
  message: string
}

/** The fields that are empty once trimmed: a form of spaces is a form not filled in (docs/product.md#support). */
export function blankFields(form: ContactFields): ReadonlySet<keyof ContactFields> {
  return new Set((Object.keys(form) as Array<keyof ContactFields>).filter((k) => form[k].trim() === ''))
}
