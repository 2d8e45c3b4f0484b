import { LANGUAGES, type Language, RTL_LANGUAGES } from '@parti/contract'

// The public page of a staged photo's unaltered original (docs/decisions/0106-public-originals.md): plain HTML
// with no script, in the visitor's language from Accept-Language.

const TEXT: Record<Language, { title: string; body: string; blurred: string }> = {
  en: {
    title: 'Unaltered original photo',
    body: 'This is the photo as it was taken, before virtual staging. The listing shows a digitally altered version of it.',
    blurred: 'Faces are blurred for privacy; nothing else is changed.',
  },
  es: {
    title: 'Foto original sin alterar',
    body: 'Esta es la foto tal como se tomó, antes del amueblado virtual. El anuncio muestra una versión alterada digitalmente.',
    blurred: 'Los rostros están difuminados por privacidad; no se ha cambiado nada más.',
  },
  fr: {
    title: 'Photo originale non retouchée',
    body: 'Voici la photo telle qu’elle a été prise, avant l’ameublement virtuel. L’annonce en montre une version retouchée numériquement.',
    blurred: 'Les visages sont floutés par respect de la vie privée ; rien d’autre n’est modifié.',
  },
  pt: {
    title: 'Foto original inalterada',
    body: 'Esta é a foto tal como foi tirada, antes da decoração virtual. O anúncio mostra uma versão alterada digitalmente.',
    blurred: 'Os rostos estão desfocados por privacidade; nada mais foi alterado.',
  },
  de: {
    title: 'Unverändertes Originalfoto',
    body: 'Dies ist das Foto, wie es aufgenommen wurde, vor der virtuellen Einrichtung. Das Inserat zeigt eine digital veränderte Fassung.',
    blurred: 'Gesichter sind zum Schutz der Privatsphäre unkenntlich gemacht; sonst ist nichts verändert.',
  },
  nl: {
    title: 'Onbewerkte originele foto',
    body: 'Dit is de foto zoals hij is genomen, vóór de virtuele inrichting. De advertentie toont een digitaal bewerkte versie.',
    blurred: 'Gezichten zijn vervaagd voor de privacy; verder is er niets veranderd.',
  },
  ar: {
    title: 'الصورة الأصلية دون تعديل',
    body: 'هذه هي الصورة كما التُقطت، قبل التأثيث الافتراضي. يعرض الإعلان نسخة معدّلة رقميًا منها.',
    blurred: 'الوجوه مموّهة حفاظًا على الخصوصية، ولم يُغيَّر شيء آخر.',
  },
}

/** The first of the visitor's languages Parti speaks, English otherwise. */
export function pageLanguage(acceptLanguage: string | undefined): Language {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const base = part.trim().split(/[-_;]/)[0]?.toLowerCase()
    if ((LANGUAGES as readonly string[]).includes(base ?? '')) return base as Language
  }
  return 'en'
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

export function originalPageHtml(
  language: Language,
  facts: {
    projectName: string
    reference: string
    photoUrl: string
    /** the photo is a privacy blur of the original (docs/decisions/0121-boards-requiring-privacy.md) */
    facesBlurred?: boolean
  },
): string {
  const t = TEXT[language]
  const dir = (RTL_LANGUAGES as readonly string[]).includes(language) ? 'rtl' : 'ltr'
  // the project's name and reference are the agent's text: each isolated, so "9 Harbour Lane" keeps its order
  // on an Arabic page
  const place = [facts.projectName, facts.reference]
    .filter(Boolean)
    .map((s) => `<bdi>${escapeHtml(s)}</bdi>`)
    .join(' · ')
  return `<!doctype html>
<html lang="${language}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(t.title)}</title>
<style>
:root{color-scheme:light dark;font-family:system-ui,sans-serif}
body{margin:0;padding:16px;max-width:1200px;margin-inline:auto;background:Canvas;color:CanvasText}
h1{font-size:1.25rem;margin:0 0 4px}p{margin:0 0 12px;opacity:.8}
img{display:block;width:100%;height:auto;border-radius:8px}
</style>
</head>
<body>
<h1>${escapeHtml(t.title)}</h1>
<p>${place}</p>
<p>${escapeHtml(t.body)}</p>
${facts.facesBlurred ? `<p>${escapeHtml(t.blurred)}</p>\n` : ''}<img src="${escapeHtml(facts.photoUrl)}" alt="${escapeHtml(t.title)}">
</body>
</html>
`
}
