import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { signInNotice, withoutSignInParams } from './signInRedirect'

/**
 * After the full-page sign-in with Google or Apple, the server sends the browser back with `?signedIn=` or
 * `?authError=`: say how it went in a toast (docs/product.md#errors-sign-in), then take the parameters out of
 * the address so a reload or a shared link does not say it again.
 */
export function SignInRedirectNotice() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  useEffect(() => {
    const notice = signInNotice(t, params)
    if (!notice) return
    setParams(withoutSignInParams(params), { replace: true })
    // sonner loads only when there is something to say: the landing page stays small
    void import('sonner').then(({ toast }) => {
      if (notice.kind === 'success') toast.success(t('auth.toastSignedIn'), { id: 'sign-in-redirect' })
      else toast.error(notice.text, { id: 'sign-in-redirect' })
    })
  }, [params, setParams, t])
  return null
}
