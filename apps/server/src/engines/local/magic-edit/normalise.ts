/** A normalised request and, for each of its characters, the span of the original it came from. */
export interface Normalised {
  text: string
  /** index in the original of the first code unit behind text[i] */
  from: number[]
  /** index in the original just after the last code unit behind text[i] */
  to: number[]
}

/**
 * One character in the shared spelling: lower case, no accents (é → e, ä → a, ß → ss), Arabic without
 * diacritics or tatweel and with one alef, ta marbuta as ha, alef maqsura as ya, Arabic and Persian digits as
 * ASCII, typographic quotes, multiplication and percent signs as plain ones.
 */
function normaliseChar(c: string): string {
  return c
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[\u064b-\u0655\u0670\u0640]/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[’‘`´]/g, "'")
    .replace(/[×✕]/g, 'x')
    .replace(/٪/g, '%')
}

/**
 * Puts a request into one spelling so the word lists can stay short (see normaliseChar), with runs of white
 * space as one space and none at the ends. Character by character, so every normalised character can be
 * traced back to the user's own words (quoted when a part of the request is not done).
 */
export function normaliseWithMap(raw: string): Normalised {
  const out: Normalised = { text: '', from: [], to: [] }
  let i = 0
  for (const c of raw) {
    const end = i + c.length
    if (/\s/u.test(c)) {
      if (out.text && !out.text.endsWith(' ')) push(out, ' ', i, end)
    } else {
      push(out, normaliseChar(c), i, end)
    }
    i = end
  }
  if (out.text.endsWith(' ')) {
    out.text = out.text.slice(0, -1)
    out.from.pop()
    out.to.pop()
  }
  return out
}

function push(out: Normalised, s: string, from: number, to: number): void {
  out.text += s
  for (let k = 0; k < s.length; k++) {
    out.from.push(from)
    out.to.push(to)
  }
}

export function normaliseRequest(text: string): string {
  return normaliseWithMap(text).text
}
