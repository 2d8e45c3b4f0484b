import type { MailTexts } from './en.ts'

export const nl: MailTexts = {
  greeting: 'Hallo,',
  signature: 'Het Parti-team',
  ignore: 'Als u hier niet om hebt gevraagd, kunt u dit bericht negeren.',
  linkHint: 'Werkt de knop niet? Kopieer dan dit adres naar uw browser:',
  verifyEmail: {
    subject: 'Bevestig uw e-mailadres voor Parti',
    intro: 'Bevestig dat {{email}} uw adres is, zodat we u over uw account kunnen bereiken.',
    action: 'Mijn adres bevestigen',
    expiry: 'De link werkt drie dagen.',
  },
  passwordReset: {
    subject: 'Stel uw Parti-wachtwoord opnieuw in',
    intro: 'Iemand heeft gevraagd het wachtwoord van het Parti-account van {{email}} opnieuw in te stellen.',
    action: 'Een nieuw wachtwoord kiezen',
    expiry: 'De link werkt één uur en maar één keer. Met een nieuw wachtwoord wordt u overal afgemeld.',
  },
  emailChange: {
    subject: 'Bevestig uw nieuwe e-mailadres voor Parti',
    intro: 'Bevestig dat uw Parti-account voortaan {{email}} moet gebruiken.',
    action: 'Het nieuwe adres bevestigen',
    expiry: 'De link werkt één dag en maar één keer. Tot dan houdt uw account het huidige adres.',
  },
  emailChangeNotice: {
    subject: 'Uw Parti-e-mailadres wordt gewijzigd',
    body: 'Iemand heeft gevraagd uw Parti-account over te zetten naar {{email}}. De wijziging gebeurt pas wanneer dat adres haar bevestigt. Was u dit niet, wijzig dan nu uw wachtwoord.',
  },
  contactForward: {
    subject: 'Contactformulier: {{subject}}',
    intro: 'Een bericht van {{name}} <{{email}}> via het contactformulier:',
  },
  contactReply: {
    subject: 'Antw: {{subject}}',
    hello: 'Hallo {{name}},',
    quote: 'U schreef:',
  },
  videoReady: {
    subject: 'Je video is klaar',
    body: 'De video van {{seconds}} seconden die je startte is klaar.',
    action: 'Openen in de galerij',
    why: 'Je krijgt deze e-mail omdat je erom vroeg in je accountinstellingen.',
  },
  receipt: {
    subject: 'Uw Parti-ontvangstbewijs',
    credits: 'Dank u: er zijn {{credits}} credits aan uw account toegevoegd voor {{amount}}.',
    plan: 'Dank u: uw {{plan}}-abonnement ({{period}}) is betaald, {{amount}}, en er zijn {{credits}} credits aan uw account toegevoegd.',
    monthly: 'maandelijks',
    yearly: 'jaarlijks',
    note: 'Credits verlopen nooit.',
  },
  renewed: {
    subject: 'Uw {{plan}}-abonnement is verlengd',
    body: 'Uw {{plan}}-abonnement is verlengd voor {{amount}}; er zijn {{credits}} credits aan uw account toegevoegd.',
  },
  cancelled: {
    subject: 'Uw {{plan}}-abonnement is opgezegd',
    body: 'Uw {{plan}}-abonnement wordt niet verlengd. Het blijft actief tot {{date}}, en uw credits blijven in uw account.',
  },
  ended: {
    subject: 'Uw {{plan}}-abonnement is beëindigd',
    body: 'Uw {{plan}}-abonnement is beëindigd. Uw credits blijven in uw account, en u kunt op elk moment opnieuw een abonnement kiezen.',
  },
}
