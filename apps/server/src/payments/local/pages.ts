import { createHash } from 'node:crypto'
import {
  type Language,
  PLAN_CATALOGUE,
  PLAN_NAMES,
  type PlanName,
  SUBSCRIPTION_TYPES,
  type SubscriptionType,
} from '@parti/contract'
import { subscriptionPrice } from '../../domain/pricing.ts'
import type { CheckoutRow, SubscriptionRow } from '../repo.ts'
import { fill, PAGE_TEXT, type PageText } from './page-text.ts'

/**
 * The built-in test checkout and billing portal as small server-rendered pages: no script but the theme's
 * (the app's stored choice, as apps/web/index.html reads it), plain forms, a strict CSP, and a test-mode band
 * nobody can miss.
 */

const PLAN_LABEL: Record<PlanName, string> = { lite: 'Lite', standard: 'Standard', pro: 'Pro' }

const THEME_SCRIPT =
  "try{var t=JSON.parse(localStorage.getItem('parti.theme')||'null');if(t&&t.v===1)document.documentElement.classList.add(t.value==='dark'?'dark':'light')}catch(e){}"
const THEME_HASH = createHash('sha256').update(THEME_SCRIPT).digest('base64')

export const PAGE_CSP = [
  "default-src 'none'",
  `script-src 'sha256-${THEME_HASH}'`,
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ')

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

const PAGE_CSS = `
:root{--bg:#fafaf9;--surface:#fff;--surface-2:#f4f4f2;--fg:#1c1b19;--muted:#5f5d58;--border:#e5e4e0;--accent:#2f55d4;--accent-hover:#2647b8;--accent-fg:#fff;--warn-bg:#fef3c7;--warn-fg:#78350f;--warn-border:#f59e0b;--pill:#92400e;--ok-bg:#e7f6ee;--ok-fg:#14532d;--danger:#b42318;color-scheme:light}
:root.dark{--bg:#0e0f11;--surface:#16171a;--surface-2:#1c1d21;--fg:#ecebe8;--muted:#a3a29d;--border:#27292e;--accent:#7895f5;--accent-hover:#93abf8;--accent-fg:#0b1230;--warn-bg:#3a2a06;--warn-fg:#fcd34d;--warn-border:#b45309;--pill:#b45309;--ok-bg:#0f2a1c;--ok-fg:#86efac;--danger:#f97066;color-scheme:dark}
@media (prefers-color-scheme:dark){:root:not(.light){--bg:#0e0f11;--surface:#16171a;--surface-2:#1c1d21;--fg:#ecebe8;--muted:#a3a29d;--border:#27292e;--accent:#7895f5;--accent-hover:#93abf8;--accent-fg:#0b1230;--warn-bg:#3a2a06;--warn-fg:#fcd34d;--warn-border:#b45309;--pill:#b45309;--ok-bg:#0f2a1c;--ok-fg:#86efac;--danger:#f97066;color-scheme:dark}}
*{box-sizing:border-box}
body{margin:0;min-height:100dvh;background:var(--bg);color:var(--fg);font:15px/1.5 ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Arabic",sans-serif}
.band{display:flex;gap:.75rem;align-items:center;justify-content:center;flex-wrap:wrap;padding:.6rem 1rem;background:repeating-linear-gradient(-45deg,rgb(245 158 11/.16) 0 12px,transparent 12px 24px),var(--warn-bg);color:var(--warn-fg);border-bottom:2px solid var(--warn-border);font-size:13px;text-align:center}
.band strong{text-transform:uppercase;letter-spacing:.08em;background:var(--pill);color:#fff;padding:.1rem .5rem;border-radius:999px;font-size:12px}
main{max-width:460px;margin:0 auto;padding:2rem 1rem 3rem}
.brand{display:flex;align-items:center;gap:.5rem;font-weight:600;margin-bottom:1.25rem}
.brand .logo{width:28px;height:28px;flex-shrink:0}.logo rect{fill:var(--accent)}.logo path{fill:none;stroke:var(--accent-fg);stroke-width:2.2;stroke-linejoin:round}
.brand .sub{color:var(--muted);font-weight:500}
.card{background:var(--surface);border:1px solid var(--border);border-radius:16px;padding:1.5rem;box-shadow:0 1px 2px rgb(0 0 0/.05)}
h1{font-size:1.25rem;margin:0 0 .25rem;letter-spacing:-.01em}
.muted{color:var(--muted);font-size:14px;margin:0}
.item{display:flex;justify-content:space-between;gap:1rem;align-items:flex-start;padding:1rem 0;margin:1rem 0;border-block:1px solid var(--border)}
.item .name{font-weight:600}
.amount{font-size:1.75rem;font-weight:700;letter-spacing:-.02em;white-space:nowrap;text-align:end}
.amount small{display:block;font-size:13px;font-weight:500;color:var(--muted);letter-spacing:0}
form{margin:0}
.actions{display:flex;flex-direction:column;gap:.6rem;margin-top:1.25rem}
button,.button{appearance:none;display:inline-flex;align-items:center;justify-content:center;width:100%;min-height:44px;padding:.6rem 1rem;border-radius:10px;border:1px solid var(--border);background:var(--surface-2);color:var(--fg);font:inherit;font-weight:600;cursor:pointer;text-decoration:none}
button:hover,.button:hover{filter:brightness(.97)}
button.primary{background:var(--accent);border-color:var(--accent);color:var(--accent-fg)}
button.primary:hover{background:var(--accent-hover)}
button.link{background:none;border-color:transparent;color:var(--muted);font-weight:500}
button:focus-visible,.button:focus-visible,select:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.note{font-size:13px;color:var(--muted);margin:1rem 0 0}
.notice{padding:.75rem 1rem;border-radius:10px;margin:0 0 1rem;font-size:14px;background:var(--ok-bg);color:var(--ok-fg)}
.notice.error{background:var(--warn-bg);color:var(--warn-fg)}
.row{display:flex;gap:.5rem;align-items:center}
select{flex:1;min-width:0;min-height:44px;border-radius:10px;border:1px solid var(--border);background:var(--surface);color:var(--fg);font:inherit;padding:0 .75rem}
.row button{width:auto;flex:none}
h2{font-size:14px;margin:1.5rem 0 .5rem;text-transform:uppercase;letter-spacing:.06em;color:var(--muted)}
.back{display:block;text-align:center;margin-top:1.25rem;color:var(--accent);font-weight:500}
`

function layout(lang: Language, t: PageText, title: string, body: string): string {
  const dir = lang === 'ar' ? 'rtl' : 'ltr'
  return `<!doctype html>
<html lang="${lang}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="color-scheme" content="light dark">
<title>${esc(title)} · ${esc(t.testMode)} · Parti</title>
<script>${THEME_SCRIPT}</script>
<style>${PAGE_CSS}</style>
</head>
<body>
<div class="band" role="note" data-testid="test-mode-band"><strong>${esc(t.testMode)}</strong><span>${esc(t.testNotice)}</span></div>
<main>
<div class="brand"><svg class="logo" viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="8"/><path d="M8 23V12l8-5 8 5v11M13 23v-6h6v6"/></svg><span>Parti</span><span class="sub">· ${esc(title)}</span></div>
${body}
</main>
</body>
</html>`
}

/** the e-mail isolated, so a left-to-right address reads right inside an Arabic sentence */
const signedIn = (t: PageText, email: string) =>
  esc(t.signedInAs).replace('{email}', `<bdi>${esc(email)}</bdi>`)

const money = (lang: Language, cents: number) =>
  new Intl.NumberFormat(lang, { style: 'currency', currency: 'EUR' }).format(cents / 100)
const count = (lang: Language, n: number) => new Intl.NumberFormat(lang).format(n)
const date = (lang: Language, d: Date) => new Intl.DateTimeFormat(lang, { dateStyle: 'long' }).format(d)

export interface CheckoutPageInput {
  lang: Language
  session: CheckoutRow | null
  /** a pending payment that then failed */
  failed?: boolean
  email: string
  /** the form's own address (keeps ?lang) */
  action: string
  error?: string | null
}

export function checkoutPage({ lang, session, failed, email, action, error }: CheckoutPageInput): string {
  const t = PAGE_TEXT[lang]
  if (!session)
    return layout(
      lang,
      t,
      t.checkoutTitle,
      `<div class="card"><h1>${esc(t.notFoundTitle)}</h1><p class="muted">${esc(t.notFoundBody)}</p><a class="back" href="/pricing">${esc(t.back)}</a></div>`,
    )
  const subscription = session.mode === 'subscription'
  const plan = session.plan as PlanName | null
  const yearly = session.billingType === 'yearly'
  const name =
    subscription && plan
      ? fill(t.planItem, { plan: PLAN_LABEL[plan] })
      : fill(t.creditsItem, { credits: count(lang, session.credits) })
  const detail =
    subscription && plan
      ? `${yearly ? t.billedYearly : t.billedMonthly} · ${fill(
          yearly ? t.creditsEachYear : t.creditsEachMonth,
          {
            credits: count(lang, subscriptionPrice(plan, yearly ? 'yearly' : 'monthly').creditsPerPeriod),
          },
        )}`
      : t.creditsOnce
  const price = money(lang, session.amountCents)
  const per = subscription ? `<small>${esc(yearly ? t.perYear : t.perMonth)}</small>` : ''
  const item = `<div class="item"><div><div class="name" data-testid="checkout-item">${esc(name)}</div><p class="muted">${esc(detail)}</p></div><div class="amount" data-testid="checkout-amount">${esc(price)}${per}</div></div>`
  const button = (outcome: string, label: string, cls: string, testId: string) =>
    `<form method="post" action="${esc(action)}"><input type="hidden" name="outcome" value="${outcome}"><button type="submit" class="${cls}" data-testid="${testId}">${esc(label)}</button></form>`
  const errorBox = error ? `<p class="notice error" role="alert">${esc(error)}</p>` : ''

  let state: string
  if (session.paymentStatus === 'paid')
    state = `<h1>${esc(t.paidTitle)}</h1><p class="muted">${esc(t.paidBody)}</p>${item}<a class="back" href="/pricing">${esc(t.back)}</a>`
  else if (session.status === 'expired' || failed)
    state = `<h1>${esc(t.expiredTitle)}</h1><p class="muted">${esc(t.expiredBody)}</p>${item}<a class="back" href="/pricing">${esc(t.back)}</a>`
  else if (session.status === 'complete')
    state = `<h1>${esc(t.pendingTitle)}</h1><p class="muted">${esc(t.pendingBody)}</p>${item}${errorBox}<div class="actions">${button('paid', t.succeed, 'primary', 'test-pay')}${button('cancelled', t.fail, '', 'test-cancel')}</div><a class="back" href="/pricing">${esc(t.back)}</a>`
  else
    state = `<h1>${esc(t.checkoutTitle)}</h1><p class="muted">${signedIn(t, email)}</p>${item}${errorBox}<div class="actions">${button('paid', fill(t.pay, { amount: price }), 'primary', 'test-pay')}${button('pending', t.leavePending, '', 'test-pending')}${button('cancelled', t.cancel, 'link', 'test-cancel')}</div><p class="note">${esc(t.pendingHelp)}</p>`
  return layout(lang, t, t.checkoutTitle, `<div class="card">${state}</div>`)
}

export interface PortalPageInput {
  lang: Language
  subscription: SubscriptionRow | null
  email: string
  action: string
  notice?: string | null
  error?: string | null
  now: Date
  /** the plan and period chosen on the pricing page (`plan:billingType`), preselected */
  chosen?: { plan: PlanName; billingType: SubscriptionType } | null
}

export function portalPage({
  lang,
  subscription: sub,
  email,
  action,
  notice,
  error,
  now,
  chosen,
}: PortalPageInput): string {
  const t = PAGE_TEXT[lang]
  const flash = [
    notice ? `<p class="notice" role="status">${esc(notice)}</p>` : '',
    error ? `<p class="notice error" role="alert">${esc(error)}</p>` : '',
  ].join('')
  const head = `<h1>${esc(t.portalTitle)}</h1><p class="muted">${signedIn(t, email)}</p>`
  if (!sub || sub.status === 'expired' || (sub.status === 'cancelled' && sub.currentPeriodEnd <= now))
    return layout(
      lang,
      t,
      t.portalTitle,
      `<div class="card">${flash}${head}<p class="item" data-testid="portal-status">${esc(
        sub
          ? `${fill(t.planItem, { plan: PLAN_LABEL[sub.plan as PlanName] })} · ${fill(t.ended, { date: date(lang, sub.currentPeriodEnd) })}`
          : t.noSubscription,
      )}</p><a class="back" href="/pricing" data-testid="portal-back">${esc(t.back)}</a></div>`,
    )
  const plan = sub.plan as PlanName
  const yearly = sub.billingType === 'yearly'
  const status =
    sub.status === 'past_due'
      ? t.pastDue
      : sub.cancelAtPeriodEnd
        ? fill(t.endsOn, { date: date(lang, sub.currentPeriodEnd) })
        : fill(t.renewsOn, { date: date(lang, sub.currentPeriodEnd) })
  const price = money(
    lang,
    yearly ? PLAN_CATALOGUE[plan].priceYearlyCents : PLAN_CATALOGUE[plan].priceMonthlyCents,
  )
  const form = (fields: string, label: string, cls: string, testId: string) =>
    `<form method="post" action="${esc(action)}">${fields}<button type="submit" class="${cls}" data-testid="${testId}">${esc(label)}</button></form>`
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${esc(value)}">`
  const options = PLAN_NAMES.flatMap((p) =>
    SUBSCRIPTION_TYPES.map((b) => {
      const value = `${p}:${b}`
      const pick = chosen ?? { plan, billingType: sub.billingType }
      const selected = p === pick.plan && b === pick.billingType ? ' selected' : ''
      return `<option value="${value}"${selected}>${esc(`${PLAN_LABEL[p]} · ${b === 'yearly' ? t.yearly : t.monthly}`)}</option>`
    }),
  ).join('')
  const body = `<div class="card">${flash}${head}
<div class="item"><div><div class="name" data-testid="portal-plan">${esc(fill(t.planItem, { plan: PLAN_LABEL[plan] }))}</div><p class="muted" data-testid="portal-status">${esc(status)}</p></div><div class="amount">${esc(price)}<small>${esc(yearly ? t.perYear : t.perMonth)}</small></div></div>
<div class="actions">${
    sub.cancelAtPeriodEnd
      ? form(hidden('action', 'renew'), t.renewSubscription, 'primary', 'portal-renew')
      : form(hidden('action', 'cancel'), t.cancelSubscription, '', 'portal-cancel')
  }</div>
<h2>${esc(t.changePlan)}</h2>${
    chosen && (chosen.plan !== plan || chosen.billingType !== sub.billingType)
      ? `<p class="notice" role="status" data-testid="portal-chosen">${esc(
          fill(t.confirmChange, {
            plan: `${PLAN_LABEL[chosen.plan]} · ${chosen.billingType === 'yearly' ? t.yearly : t.monthly}`,
          }),
        )}</p>`
      : ''
  }
<form method="post" action="${esc(action)}">${hidden('action', 'change')}<div class="row"><select name="plan" aria-label="${esc(t.changePlan)}" data-testid="portal-plan-select">${options}</select><button type="submit" data-testid="portal-change">${esc(t.changePlan)}</button></div></form>
<p class="note">${esc(t.changePlanHelp)}</p>
<h2>${esc(t.testMode)}</h2>
${form(hidden('action', 'advance') + hidden('period', String(sub.currentPeriodEnd.getTime())), t.advance, '', 'portal-advance')}
<p class="note">${esc(t.advanceHelp)}</p>
<a class="back" href="/pricing" data-testid="portal-back">${esc(t.back)}</a>
</div>`
  return layout(lang, t, t.portalTitle, body)
}
