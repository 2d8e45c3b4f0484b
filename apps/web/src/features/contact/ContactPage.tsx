import { CalendarClock, Clock, Mail } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { PublicPageHeader } from '../legal/PublicPageHeader'
import { ContactForm } from './ContactForm'

export default function ContactPage() {
  const { t } = useTranslation('pages')
  const facts = [
    { icon: Clock, title: t('contact.replyTitle'), body: t('contact.replyBody') },
    { icon: CalendarClock, title: t('contact.demoTitle'), body: t('contact.demoBody') },
    { icon: Mail, title: t('contact.supportTitle'), body: t('contact.supportBody') },
  ]
  return (
    <div className="mx-auto max-w-6xl px-5 py-14 sm:px-8 sm:py-20">
      <PublicPageHeader eyebrow={t('contact.eyebrow')} title={t('contact.title')} lead={t('contact.lead')} />
      <div className="mt-12 grid gap-10 lg:grid-cols-[1fr_1.4fr]">
        <ul className="flex flex-col gap-6">
          {facts.map(({ icon: Icon, title, body }) => (
            <li key={title} className="flex gap-4">
              <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-accent-soft text-accent-soft-fg">
                <Icon className="size-5" aria-hidden />
              </span>
              <div>
                <h2 className="font-semibold text-fg">{title}</h2>
                <p className="mt-1 text-[15px] leading-relaxed text-fg-muted">{body}</p>
              </div>
            </li>
          ))}
        </ul>
        <ContactForm />
      </div>
    </div>
  )
}
