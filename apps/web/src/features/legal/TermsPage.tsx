import { MINIMUM_AGE, YEARLY_DISCOUNT_PERCENT } from '@parti/contract'
import { useTranslation } from 'react-i18next'
import { LegalDocument } from './LegalDocument'
import { useLegalDate } from './useLegalDate'

const SECTIONS = [
  'agreement',
  'eligibility',
  'account',
  'credits',
  'subscriptions',
  'licence',
  'content',
  'use',
  'service',
  'liability',
  'contact',
] as const

export default function TermsPage() {
  const { t } = useTranslation('pages')
  const updated = useLegalDate()
  const values = { age: MINIMUM_AGE, discount: YEARLY_DISCOUNT_PERCENT }
  return (
    <LegalDocument
      title={t('legal.terms.title')}
      lead={t('legal.terms.lead')}
      updated={t('legal.updated', { date: updated })}
      sections={SECTIONS.map((id) => ({
        id,
        title: t(`legal.terms.${id}.title`),
        body: t(`legal.terms.${id}.body`, values),
      }))}
    />
  )
}
