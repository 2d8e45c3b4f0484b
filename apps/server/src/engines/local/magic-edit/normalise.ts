/**
 * Puts a request into one spelling so the word lists can stay short: lower case, no accents (é → e, ä → a,
 * ß → ss), Arabic without diacritics or tatweel and with one alef, ta marbuta as ha, alef maqsura as ya, Arabic
 * and Persian digits as ASCII, typographic quotes and multiplication signs as plain ones.
 */
export function normaliseRequest(text: string): string {
  return text
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
    .replace(/\s+/g, ' ')
    .trim()
}
