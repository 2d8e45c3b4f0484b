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
  'children',
  'contact',
] as const

export default function PrivacyPage() {
  const { t } = useTranslation('pages')
  const updated = useLegalDate()
  return (
    <LegalDocument
      title={t('legal.privacy.title')}
      lead={t('legal.privacy.lead')}
      updated={t('legal.updated', { date: updated })}
      sections={SECTIONS.map((id) => ({
        id,
        title: t(`legal.privacy.${id}.title`),
        body: t(`legal.privacy.${id}.body`, { age: MINIMUM_AGE }),
      }))}
    />
  )
}
