import type { MailTexts } from './en.ts'

export const de: MailTexts = {
  greeting: 'Hallo,',
  signature: 'Ihr Parti-Team',
  ignore: 'Wenn Sie das nicht angefordert haben, können Sie diese Nachricht ignorieren.',
  linkHint: 'Falls die Schaltfläche nicht funktioniert, kopieren Sie diese Adresse in Ihren Browser:',
  verifyEmail: {
    subject: 'Bestätigen Sie Ihre E-Mail-Adresse für Parti',
    intro:
      'Bitte bestätigen Sie, dass {{email}} Ihre Adresse ist, damit wir Sie zu Ihrem Konto erreichen können.',
    action: 'Adresse bestätigen',
    expiry: 'Der Link gilt drei Tage.',
  },
  passwordReset: {
    subject: 'Parti-Passwort zurücksetzen',
    intro: 'Jemand hat angefordert, das Passwort des Parti-Kontos für {{email}} zurückzusetzen.',
    action: 'Neues Passwort wählen',
    expiry: 'Der Link gilt eine Stunde und nur einmal. Ein neues Passwort meldet Sie überall ab.',
  },
  emailChange: {
    subject: 'Bestätigen Sie Ihre neue E-Mail-Adresse für Parti',
    intro: 'Bitte bestätigen Sie, dass Ihr Parti-Konto ab jetzt {{email}} verwenden soll.',
    action: 'Neue Adresse bestätigen',
    expiry: 'Der Link gilt einen Tag und nur einmal. Bis dahin behält Ihr Konto seine bisherige Adresse.',
  },
  emailChangeNotice: {
    subject: 'Ihre Parti-E-Mail-Adresse wird geändert',
    body: 'Jemand hat angefordert, Ihr Parti-Konto auf {{email}} umzustellen. Die Änderung erfolgt erst, wenn diese Adresse sie bestätigt. Falls Sie das nicht waren, ändern Sie jetzt Ihr Passwort.',
  },
  contactForward: {
    subject: 'Kontaktformular: {{subject}}',
    intro: 'Eine Nachricht von {{name}} <{{email}}> über das Kontaktformular:',
  },
  contactReply: {
    subject: 'AW: {{subject}}',
    hello: 'Hallo {{name}},',
    quote: 'Sie schrieben:',
  },
  videoReady: {
    subject: 'Ihr Video ist fertig',
    body: 'Das {{seconds}}-Sekunden-Video, das Sie gestartet haben, ist fertig.',
    action: 'In der Galerie öffnen',
    why: 'Sie erhalten diese E-Mail, weil Sie sie in Ihren Kontoeinstellungen angefordert haben.',
  },
  receipt: {
    subject: 'Ihre Parti-Quittung',
    credits: 'Vielen Dank: {{credits}} Credits wurden Ihrem Konto für {{amount}} gutgeschrieben.',
    plan: 'Vielen Dank: Ihr {{plan}}-Tarif ({{period}}) ist bezahlt, {{amount}}, und {{credits}} Credits wurden Ihrem Konto gutgeschrieben.',
    monthly: 'monatlich',
    yearly: 'jährlich',
    note: 'Credits verfallen nie.',
  },
  renewed: {
    subject: 'Ihr {{plan}}-Tarif wurde verlängert',
    body: 'Ihr {{plan}}-Tarif wurde für {{amount}} verlängert; {{credits}} Credits wurden Ihrem Konto gutgeschrieben.',
  },
  cancelled: {
    subject: 'Ihr {{plan}}-Tarif ist gekündigt',
    body: 'Ihr {{plan}}-Tarif wird nicht verlängert. Er bleibt bis zum {{date}} aktiv, und Ihre Credits bleiben auf Ihrem Konto.',
  },
  ended: {
    subject: 'Ihr {{plan}}-Tarif ist beendet',
    body: 'Ihr {{plan}}-Tarif ist beendet. Ihre Credits bleiben auf Ihrem Konto, und Sie können jederzeit wieder einen Tarif wählen.',
  },
}
