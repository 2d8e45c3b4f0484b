import { MINIMUM_AGE } from '@parti/contract'
import { useTranslation } from 'react-i18next'
import { LegalDocument } from './LegalDocument'
import { useLegalDate } from './useLegalDate'

const SECTIONS = [
  'collect',
  'purpose',
  'storage',
  'processors',
  'retention',
  'rights',
  'your-data',
  'children',
  'contact',
] as const

export default function PrivacyPage() {
  const { t } = useTranslation('pages')
  const { t: tData } = useTranslation('account-data')
  const updated = useLegalDate()
  return (
    <LegalDocument
      title={t('legal.privacy.title')}
      lead={t('legal.privacy.lead')}
      updated={t('legal.updated', { date: updated })}
      sections={SECTIONS.map((id) =>
        // what export and deletion do exactly (docs/product.md#data-rights), with the way to them
        id === 'your-data'
          ? {
              id,
              title: tData('privacy.title'),
              body: `${tData('privacy.export')}\n\n${tData('privacy.delete')}`,
              links: [{ to: '/account', label: tData('privacy.link') }],
            }
          : {
              id,
              title: t(`legal.privacy.${id}.title`),
              body: t(`legal.privacy.${id}.body`, { age: MINIMUM_AGE }),
            },
      )}
    />
  )
}
