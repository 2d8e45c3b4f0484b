import type { MailTexts } from './en.ts'

export const fr: MailTexts = {
  greeting: 'Bonjour,',
  signature: "L'équipe Parti",
  ignore: "Si vous n'avez rien demandé, vous pouvez ignorer ce message.",
  linkHint: 'Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :',
  verifyEmail: {
    subject: 'Confirmez votre adresse e-mail pour Parti',
    intro:
      'Merci de confirmer que {{email}} est bien votre adresse, pour que nous puissions vous écrire au sujet de votre compte.',
    action: 'Confirmer mon adresse',
    expiry: 'Le lien est valable trois jours.',
  },
  passwordReset: {
    subject: 'Réinitialisez votre mot de passe Parti',
    intro: 'Quelqu’un a demandé à réinitialiser le mot de passe du compte Parti de {{email}}.',
    action: 'Choisir un nouveau mot de passe',
    expiry: 'Le lien est valable une heure, une seule fois. Un nouveau mot de passe vous déconnecte partout.',
  },
  emailChange: {
    subject: 'Confirmez votre nouvelle adresse e-mail pour Parti',
    intro: 'Merci de confirmer que votre compte Parti doit désormais utiliser {{email}}.',
    action: 'Confirmer la nouvelle adresse',
    expiry: "Le lien est valable un jour, une seule fois. D'ici là, votre compte garde son adresse actuelle.",
  },
  emailChangeNotice: {
    subject: 'Votre adresse e-mail Parti va changer',
    body: "Quelqu'un a demandé à passer votre compte Parti sur {{email}}. Le changement n'a lieu que lorsque cette adresse le confirme. Si ce n'était pas vous, changez votre mot de passe dès maintenant.",
  },
  contactForward: {
    subject: 'Formulaire de contact : {{subject}}',
    intro: 'Un message de {{name}} <{{email}}> envoyé par le formulaire de contact :',
  },
}
