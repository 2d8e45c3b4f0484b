import type { MailTexts } from './en.ts'

export const ar: MailTexts = {
  greeting: 'مرحبًا،',
  signature: 'فريق Parti',
  ignore: 'إذا لم تطلب ذلك، يمكنك تجاهل هذه الرسالة.',
  linkHint: 'إذا لم يعمل الزر، انسخ هذا العنوان في متصفحك:',
  verifyEmail: {
    subject: 'أكّد عنوان بريدك الإلكتروني في Parti',
    intro: 'يُرجى تأكيد أن {{email}} هو عنوانك، لنتمكن من مراسلتك بشأن حسابك.',
    action: 'تأكيد عنواني',
    expiry: 'يعمل الرابط لمدة ثلاثة أيام.',
  },
  passwordReset: {
    subject: 'إعادة تعيين كلمة مرور Parti',
    intro: 'طلب أحدهم إعادة تعيين كلمة مرور حساب Parti الخاص بـ {{email}}.',
    action: 'اختيار كلمة مرور جديدة',
    expiry: 'يعمل الرابط لمدة ساعة واحدة ومرة واحدة فقط. تعيين كلمة مرور جديدة يُخرجك من جميع الأجهزة.',
  },
  emailChange: {
    subject: 'أكّد عنوان بريدك الإلكتروني الجديد في Parti',
    intro: 'يُرجى تأكيد أن حسابك في Parti سيستخدم {{email}} من الآن فصاعدًا.',
    action: 'تأكيد العنوان الجديد',
    expiry: 'يعمل الرابط لمدة يوم واحد ومرة واحدة فقط. وحتى ذلك الحين يبقى عنوان حسابك الحالي كما هو.',
  },
  emailChangeNotice: {
    subject: 'عنوان بريدك الإلكتروني في Parti سيتغيّر',
    body: 'طلب أحدهم نقل حسابك في Parti إلى {{email}}. لا يتم التغيير إلا عندما يؤكّده ذلك العنوان. إذا لم تكن أنت، فغيّر كلمة مرورك الآن.',
  },
  contactForward: {
    subject: 'نموذج الاتصال: {{subject}}',
    intro: 'رسالة من {{name}} <{{email}}> عبر نموذج الاتصال:',
  },
  contactReply: {
    subject: 'رد: {{subject}}',
    hello: 'مرحبًا {{name}}،',
    quote: 'كتبت:',
  },
  receipt: {
    subject: 'إيصالك من Parti',
    credits: 'شكرًا لك: أُضيفت {{credits}} نقطة إلى حسابك مقابل {{amount}}.',
    plan: 'شكرًا لك: تم دفع خطة {{plan}} ({{period}})، {{amount}}، وأُضيفت {{credits}} نقطة إلى حسابك.',
    monthly: 'شهرية',
    yearly: 'سنوية',
    note: 'لا تنتهي صلاحية النقاط أبدًا.',
  },
  renewed: {
    subject: 'تم تجديد خطة {{plan}}',
    body: 'تم تجديد خطة {{plan}} مقابل {{amount}}؛ وأُضيفت {{credits}} نقطة إلى حسابك.',
  },
  cancelled: {
    subject: 'تم إلغاء خطة {{plan}}',
    body: 'لن تُجدَّد خطة {{plan}}. تبقى فعّالة حتى {{date}}، وتبقى نقاطك في حسابك.',
  },
  ended: {
    subject: 'انتهت خطة {{plan}}',
    body: 'انتهت خطة {{plan}}. تبقى نقاطك في حسابك، ويمكنك اختيار خطة من جديد في أي وقت.',
  },
}
