/** The mail texts in English; every other language has the same keys (locales.test.ts checks them). */
export const en = {
  greeting: 'Hello,',
  signature: 'The Parti team',
  ignore: 'If you did not ask for this, you can ignore this message.',
  linkHint: 'If the button does not work, copy this address into your browser:',
  verifyEmail: {
    subject: 'Confirm your e-mail address for Parti',
    intro: 'Please confirm that {{email}} is your address, so we can reach you about your account.',
    action: 'Confirm my address',
    expiry: 'The link works for three days.',
  },
  passwordReset: {
    subject: 'Reset your Parti password',
    intro: 'Someone asked to reset the password of the Parti account for {{email}}.',
    action: 'Choose a new password',
    expiry: 'The link works for one hour, once. Setting a new password signs you out everywhere.',
  },
  emailChange: {
    subject: 'Confirm your new e-mail address for Parti',
    intro: 'Please confirm that your Parti account should use {{email}} from now on.',
    action: 'Confirm the new address',
    expiry: 'The link works for one day, once. Until then your account keeps its current address.',
  },
  emailChangeNotice: {
    subject: 'Your Parti e-mail address is changing',
    body: 'Someone asked to move your Parti account to {{email}}. The change happens only when that address confirms it. If this was not you, change your password now.',
  },
  contactForward: {
    subject: 'Contact form: {{subject}}',
    intro: 'A message from {{name}} <{{email}}> through the contact form:',
  },
  contactReply: {
    subject: 'Re: {{subject}}',
    hello: 'Hello {{name}},',
    quote: 'You wrote:',
  },
  videoReady: {
    subject: 'Your video is ready',
    body: 'The {{seconds}} second video you started is ready.',
    action: 'Open it in the gallery',
    why: 'You get this mail because you asked for it in your account settings.',
  },
  receipt: {
    subject: 'Your Parti receipt',
    credits: 'Thank you: {{credits}} credits were added to your account for {{amount}}.',
    plan: 'Thank you: your {{plan}} plan ({{period}}) is paid, {{amount}}, and {{credits}} credits were added to your account.',
    monthly: 'monthly',
    yearly: 'yearly',
    note: 'Credits never expire.',
  },
  renewed: {
    subject: 'Your {{plan}} plan is renewed',
    body: 'Your {{plan}} plan was renewed for {{amount}}; {{credits}} credits were added to your account.',
  },
  cancelled: {
    subject: 'Your {{plan}} plan is cancelled',
    body: 'Your {{plan}} plan will not renew. It stays active until {{date}}, and your credits stay in your account.',
  },
  ended: {
    subject: 'Your {{plan}} plan has ended',
    body: 'Your {{plan}} plan has ended. Your credits stay in your account, and you can choose a plan again at any time.',
  },
}
export type MailTexts = typeof en
