/**
 * Words that ask an inpaint to put something in the selected area, in the seven languages of the product
 * (docs/product.md#languages). Anything else ("remove", "clear", "replace the chair with the wall", an empty
 * prompt) is taken as a removal, which every engine does. The server prices and refuses by it, and the gallery's
 * inpaint form marks an add before it is sent (docs/product.md#capabilities).
 */
const ADD_WORDS = [
  // en
  /\b(add|put|place|insert|draw|paint in|include|plant|hang|install)\b/,
  // es, pt
  /\b(añad[aeiro]\w*|agreg[aeiou]\w*|pon(er|ga)?|coloc[aeiou]\w*|inserir|insert[aeio]\w*|adicion[aeo]\w*|acrescent[aeo]\w*)\b/,
  // fr
  /\b(ajout(e|er|ez)|met(s|tre|tez)|plac(e|er|ez)|insér(er|ez))\b/,
  // de
  /(\bhinzu|einfüg|\bsetz|\bstell|\bplatzier)/,
  // nl
  /\b(toevoeg\w*|toe|zet|plaats\w*|hang)\b/,
  // ar
  /(أضف|اضف|إضافة|ضع|أدخل|ارسم)/,
]

/** Whether an inpaint prompt asks to put something in the area (add) or take it away (remove). */
export function inpaintIntent(prompt: string): 'add' | 'remove' {
  const text = prompt.toLowerCase()
  return ADD_WORDS.some((re) => re.test(text)) ? 'add' : 'remove'
}
