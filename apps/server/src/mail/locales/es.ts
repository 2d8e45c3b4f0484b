import type { MailTexts } from './en.ts'

export const es: MailTexts = {
  greeting: 'Hola:',
  signature: 'El equipo de Parti',
  ignore: 'Si no lo has pedido tú, puedes ignorar este mensaje.',
  linkHint: 'Si el botón no funciona, copia esta dirección en tu navegador:',
  verifyEmail: {
    subject: 'Confirma tu dirección de correo para Parti',
    intro: 'Confirma que {{email}} es tu dirección, para que podamos escribirte sobre tu cuenta.',
    action: 'Confirmar mi dirección',
    expiry: 'El enlace funciona durante tres días.',
  },
  passwordReset: {
    subject: 'Restablece tu contraseña de Parti',
    intro: 'Alguien ha pedido restablecer la contraseña de la cuenta de Parti de {{email}}.',
    action: 'Elegir una contraseña nueva',
    expiry:
      'El enlace funciona durante una hora y una sola vez. Al poner una contraseña nueva se cierran todas tus sesiones.',
  },
  emailChange: {
    subject: 'Confirma tu nueva dirección de correo para Parti',
    intro: 'Confirma que tu cuenta de Parti debe usar {{email}} a partir de ahora.',
    action: 'Confirmar la nueva dirección',
    expiry:
      'El enlace funciona durante un día y una sola vez. Hasta entonces tu cuenta conserva su dirección actual.',
  },
  emailChangeNotice: {
    subject: 'Tu dirección de correo de Parti va a cambiar',
    body: 'Alguien ha pedido pasar tu cuenta de Parti a {{email}}. El cambio solo se hace cuando esa dirección lo confirma. Si no has sido tú, cambia tu contraseña ahora.',
  },
  contactForward: {
    subject: 'Formulario de contacto: {{subject}}',
    intro: 'Un mensaje de {{name}} <{{email}}> desde el formulario de contacto:',
  },
  contactReply: {
    subject: 'RE: {{subject}}',
    hello: 'Hola, {{name}}:',
    quote: 'Usted escribió:',
  },
  videoReady: {
    subject: 'Tu vídeo está listo',
    body: 'El vídeo de {{seconds}} segundos que iniciaste está listo.',
    action: 'Abrirlo en la galería',
    why: 'Recibes este correo porque lo pediste en los ajustes de tu cuenta.',
  },
  receipt: {
    subject: 'Tu recibo de Parti',
    credits: 'Gracias: se han añadido {{credits}} créditos a tu cuenta por {{amount}}.',
    plan: 'Gracias: tu plan {{plan}} ({{period}}) está pagado, {{amount}}, y se han añadido {{credits}} créditos a tu cuenta.',
    monthly: 'mensual',
    yearly: 'anual',
    note: 'Los créditos no caducan nunca.',
  },
  renewed: {
    subject: 'Tu plan {{plan}} se ha renovado',
    body: 'Tu plan {{plan}} se ha renovado por {{amount}}; se han añadido {{credits}} créditos a tu cuenta.',
  },
  cancelled: {
    subject: 'Tu plan {{plan}} está cancelado',
    body: 'Tu plan {{plan}} no se renovará. Sigue activo hasta el {{date}} y tus créditos se quedan en tu cuenta.',
  },
  ended: {
    subject: 'Tu plan {{plan}} ha terminado',
    body: 'Tu plan {{plan}} ha terminado. Tus créditos se quedan en tu cuenta y puedes elegir un plan de nuevo cuando quieras.',
  },
}
