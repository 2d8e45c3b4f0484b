import type { MailTexts } from './en.ts'

export const pt: MailTexts = {
  greeting: 'Olá,',
  signature: 'A equipa Parti',
  ignore: 'Se não foi você que pediu, pode ignorar esta mensagem.',
  linkHint: 'Se o botão não funcionar, copie este endereço para o seu navegador:',
  verifyEmail: {
    subject: 'Confirme o seu endereço de e-mail para o Parti',
    intro: 'Confirme que {{email}} é o seu endereço, para podermos contactá-lo sobre a sua conta.',
    action: 'Confirmar o meu endereço',
    expiry: 'A ligação funciona durante três dias.',
  },
  passwordReset: {
    subject: 'Redefina a sua palavra-passe do Parti',
    intro: 'Alguém pediu para redefinir a palavra-passe da conta Parti de {{email}}.',
    action: 'Escolher uma nova palavra-passe',
    expiry:
      'A ligação funciona durante uma hora, uma única vez. Definir uma nova palavra-passe termina todas as suas sessões.',
  },
  emailChange: {
    subject: 'Confirme o seu novo endereço de e-mail para o Parti',
    intro: 'Confirme que a sua conta Parti deve passar a usar {{email}}.',
    action: 'Confirmar o novo endereço',
    expiry: 'A ligação funciona durante um dia, uma única vez. Até lá, a sua conta mantém o endereço atual.',
  },
  emailChangeNotice: {
    subject: 'O seu endereço de e-mail do Parti vai mudar',
    body: 'Alguém pediu para mudar a sua conta Parti para {{email}}. A mudança só acontece quando esse endereço a confirmar. Se não foi você, mude já a sua palavra-passe.',
  },
  contactForward: {
    subject: 'Formulário de contacto: {{subject}}',
    intro: 'Uma mensagem de {{name}} <{{email}}> pelo formulário de contacto:',
  },
  contactReply: {
    subject: 'RE: {{subject}}',
    hello: 'Olá {{name}},',
    quote: 'Escreveu:',
  },
  videoReady: {
    subject: 'O seu vídeo está pronto',
    body: 'O vídeo de {{seconds}} segundos que iniciou está pronto.',
    action: 'Abri-lo na galeria',
    why: 'Recebe este e-mail porque o pediu nas definições da sua conta.',
  },
  receipt: {
    subject: 'O seu recibo Parti',
    credits: 'Obrigado: foram adicionados {{credits}} créditos à sua conta por {{amount}}.',
    plan: 'Obrigado: o seu plano {{plan}} ({{period}}) está pago, {{amount}}, e foram adicionados {{credits}} créditos à sua conta.',
    monthly: 'mensal',
    yearly: 'anual',
    note: 'Os créditos nunca expiram.',
  },
  renewed: {
    subject: 'O seu plano {{plan}} foi renovado',
    body: 'O seu plano {{plan}} foi renovado por {{amount}}; foram adicionados {{credits}} créditos à sua conta.',
  },
  cancelled: {
    subject: 'O seu plano {{plan}} foi cancelado',
    body: 'O seu plano {{plan}} não será renovado. Continua ativo até {{date}}, e os seus créditos ficam na sua conta.',
  },
  ended: {
    subject: 'O seu plano {{plan}} terminou',
    body: 'O seu plano {{plan}} terminou. Os seus créditos ficam na sua conta, e pode escolher um plano de novo quando quiser.',
  },
}
