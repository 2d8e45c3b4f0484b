import {
  BRANDED_TARGET_NAMES,
  type BrandedTarget,
  type BrandKitInput,
  type ProjectSource,
} from '@parti/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Download } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '../../components/ui/Button'
import { Spinner } from '../../components/ui/Spinner'
import { call, toApiError } from '../../lib/api'
import { useErrorText } from '../../lib/errors'

const brandKey = ['brand-kit'] as const
const input = 'h-9 w-full rounded-lg border border-border-strong bg-surface px-2 text-sm text-fg'
const TEXT_FIELDS = ['agentName', 'agentTitle', 'agency', 'phone', 'email', 'website'] as const

const readDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const r = new FileReader()
    r.onload = () => resolve(String(r.result))
    r.onerror = () => reject(r.error)
    r.readAsDataURL(file)
  })

/**
 * The brand kit (docs/decisions/0119-brand-kit-outside-mls.md): logo, colours, agent card, drawn on social,
 * brochure and website exports only; MLS exports never carry it.
 */
export function BrandKitPanel() {
  const { t } = useTranslation('projects')
  const errorText = useErrorText()
  const qc = useQueryClient()
  const kit = useQuery({
    queryKey: brandKey,
    queryFn: ({ signal }) => call('GET /user/brand-kit', { signal }),
  })
  const [draft, setDraft] = useState<BrandKitInput | null>(null)
  const save = useMutation({
    mutationFn: (body: BrandKitInput) => call('PUT /user/brand-kit', { body }),
    onSuccess: (r) => {
      qc.setQueryData(brandKey, r)
      setDraft(null)
      toast.success(t('brand.saved'))
    },
    onError: (e) => toast.error(errorText(e)),
  })
  const ids = useId()
  if (kit.isPending) return <Spinner />
  if (kit.isError) return null
  const { logoUrl, ...saved } = kit.data.brandKit
  const d: BrandKitInput = draft ?? saved
  const set = (patch: Partial<BrandKitInput>) => setDraft({ ...d, ...patch })
  const logoShown = d.logoData === null ? null : (d.logoData ?? logoUrl)
  return (
    <section
      className="mt-10 rounded-xl border border-border bg-surface p-4 shadow-card sm:p-6"
      data-testid="brand-kit"
    >
      <h2 className="text-lg font-semibold text-fg">{t('brand.heading')}</h2>
      <p className="mt-1 max-w-prose text-sm text-fg-muted">{t('brand.hint')}</p>
      <form
        className="mt-4 grid gap-4 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault()
          save.mutate(d)
        }}
      >
        <div className="flex items-center gap-3 sm:col-span-2">
          <div className="grid h-16 w-32 place-items-center overflow-hidden rounded-lg border border-border bg-surface-2">
            {logoShown ? (
              <img src={logoShown} alt={t('brand.logo')} className="max-h-full max-w-full object-contain" />
            ) : (
              <span className="text-xs text-fg-subtle">{t('brand.noLogo')}</span>
            )}
          </div>
          <label className="text-sm text-accent hover:underline">
            {t('brand.chooseLogo')}
            <input
              type="file"
              accept="image/png,image/jpeg,image/webp"
              className="sr-only"
              data-testid="brand-logo"
              onChange={async (e) => {
                const file = e.target.files?.[0]
                if (file) set({ logoData: await readDataUrl(file) })
              }}
            />
          </label>
          {logoShown && (
            <button
              type="button"
              className="text-sm text-fg-muted hover:underline"
              onClick={() => set({ logoData: null })}
            >
              {t('brand.removeLogo')}
            </button>
          )}
        </div>
        {(['primaryColor', 'accentColor'] as const).map((k) => (
          <label key={k} htmlFor={`${ids}-${k}`} className="flex items-center gap-3 text-sm text-fg">
            <input
              id={`${ids}-${k}`}
              type="color"
              className="h-9 w-12 rounded border border-border-strong bg-surface"
              value={d[k] ?? '#000000'}
              onChange={(e) => set({ [k]: e.target.value })}
            />
            {t(`brand.fields.${k}`)}
          </label>
        ))}
        {TEXT_FIELDS.map((k) => (
          <div key={k} className="flex flex-col gap-1.5">
            <label htmlFor={`${ids}-${k}`} className="text-sm font-medium text-fg">
              {t(`brand.fields.${k}`)}
            </label>
            <input
              id={`${ids}-${k}`}
              dir="auto"
              className={input}
              value={d[k] ?? ''}
              type={k === 'email' ? 'email' : k === 'phone' ? 'tel' : 'text'}
              data-testid={`brand-${k}`}
              onChange={(e) => set({ [k]: e.target.value })}
            />
          </div>
        ))}
        <div className="sm:col-span-2">
          <Button type="submit" disabled={save.isPending || !draft} data-testid="brand-save">
            {save.isPending ? <Spinner /> : null}
            {t('brand.save')}
          </Button>
        </div>
      </form>
    </section>
  )
}

/** The bytes of a branded export, downloaded under the name the server gives. */
async function downloadBranded(id: string, target: BrandedTarget): Promise<void> {
  const res = await fetch(`/api/user/generations/${id}/branded`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ target }),
  })
  if (!res.ok) throw toApiError(res.status, await res.json().catch(() => null))
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `${target}.jpg`
  const url = URL.createObjectURL(await res.blob())
  const a = document.createElement('a')
  a.href = url
  a.download = name
  a.click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** On a project page: one of its finished pictures drawn with the brand kit for social, a brochure or a website. */
export function BrandedExports({ sources }: { sources: ProjectSource[] }) {
  const { t } = useTranslation('projects')
  const errorText = useErrorText()
  const pictures = sources.flatMap((s) =>
    s.versions.filter((g) => g.status === 'completed' && g.type === 'image' && g.outputImageUrl),
  )
  const [chosen, setChosen] = useState<string>('')
  const [pending, setPending] = useState<BrandedTarget | null>(null)
  const id = useId()
  if (pictures.length === 0) return null
  const picked = chosen || pictures.at(-1)!.id
  return (
    <div className="text-sm" data-testid="branded-exports">
      <p className="font-medium text-fg">{t('brand.exportsHeading')}</p>
      <p className="mt-1 text-fg-muted">{t('brand.exportsHint')}</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <label htmlFor={id} className="sr-only">
          {t('brand.picture')}
        </label>
        <select
          id={id}
          className="h-9 rounded-lg border border-border-strong bg-surface px-2 text-sm text-fg"
          value={picked}
          onChange={(e) => setChosen(e.target.value)}
        >
          {pictures.map((g, i) => (
            <option key={g.id} value={g.id}>
              {t('brand.pictureN', { n: i + 1 })}
            </option>
          ))}
        </select>
        {BRANDED_TARGET_NAMES.map((target) => (
          <Button
            key={target}
            variant="outline"
            disabled={pending !== null}
            data-testid={`branded-${target}`}
            onClick={async () => {
              setPending(target)
              try {
                await downloadBranded(picked, target)
              } catch (e) {
                toast.error(errorText(e))
              } finally {
                setPending(null)
              }
            }}
          >
            {pending === target ? <Spinner /> : <Download aria-hidden />}
            {t(`brand.targets.${target}`)}
          </Button>
        ))}
      </div>
    </div>
  )
}
