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
  contactReply: {
    subject: 'Re : {{subject}}',
    hello: 'Bonjour {{name}},',
    quote: 'Vous avez écrit :',
  },
  videoReady: {
    subject: 'Votre vidéo est prête',
    body: 'La vidéo de {{seconds}} secondes que vous avez lancée est prête.',
    action: 'L’ouvrir dans la galerie',
    why: 'Vous recevez ce message parce que vous l’avez demandé dans les réglages de votre compte.',
  },
  receipt: {
    subject: 'Votre reçu Parti',
    credits: 'Merci : {{credits}} crédits ont été ajoutés à votre compte pour {{amount}}.',
    plan: 'Merci : votre forfait {{plan}} ({{period}}) est payé, {{amount}}, et {{credits}} crédits ont été ajoutés à votre compte.',
    monthly: 'mensuel',
    yearly: 'annuel',
    note: "Les crédits n'expirent jamais.",
  },
  renewed: {
    subject: 'Votre forfait {{plan}} est renouvelé',
    body: 'Votre forfait {{plan}} a été renouvelé pour {{amount}} ; {{credits}} crédits ont été ajoutés à votre compte.',
  },
  cancelled: {
    subject: 'Votre forfait {{plan}} est annulé',
    body: "Votre forfait {{plan}} ne sera pas renouvelé. Il reste actif jusqu'au {{date}}, et vos crédits restent sur votre compte.",
  },
  ended: {
    subject: 'Votre forfait {{plan}} a pris fin',
    body: 'Votre forfait {{plan}} a pris fin. Vos crédits restent sur votre compte, et vous pouvez choisir un forfait à tout moment.',
  },
}
