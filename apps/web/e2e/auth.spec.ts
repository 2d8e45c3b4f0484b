import { dismissConsent, expect, PASSWORD, test, uniqueEmail } from './fixtures'

test.describe('accounts', () => {
  test.beforeEach(async ({ page }) => dismissConsent(page))

  test('a visitor signs up, lands in the app, signs out, and signs back in', async ({
    page,
    landing,
    auth,
    shell,
  }) => {
    const email = uniqueEmail('signup')
    await landing.goto()
    await landing.tryForFree.click()
    await auth.signUp({ email, password: PASSWORD, name: 'Ana Ribeiro' })

    await shell.expectSignedInAs(email)
    await expect(page.getByTestId('greeting')).toContainText('Ana')
    await expect(shell.credits).toBeVisible()

    await shell.signOut()
    await expect(landing.heading).toBeVisible()
    await expect(landing.headerSignIn).toBeVisible()

    await landing.headerSignIn.click()
    await auth.signIn({ email, password: PASSWORD })
    await shell.expectSignedInAs(email)

    // the session survives a reload: it is a cookie, not page state
    await page.reload()
    await shell.expectSignedInAs(email)
  })

  test('a wrong password is refused with the catalogue message', async ({ landing, auth }) => {
    await landing.goto()
    await landing.headerSignIn.click()
    await auth.signIn({ email: uniqueEmail('nobody'), password: 'wrong-password-1' })
    await expect(auth.dialog.getByRole('alert')).toHaveText('Incorrect e-mail or password.')
  })

  test('sign-up asks for at least 8 characters before calling the server', async ({ landing, auth }) => {
    await landing.goto()
    await landing.tryForFree.click()
    await auth.signUp({ email: uniqueEmail('short'), password: 'short' })
    await expect(auth.dialog.getByText('The password needs at least 8 characters.')).toBeVisible()
  })

  test('Google sign-in on a server without it comes back with its message, and the address is cleaned', async ({
    page,
    landing,
  }) => {
    // the e2e server has no Google settings: the start route sends the browser home with ?authError=not_enabled
    await page.goto('/api/auth/google?returnTo=/gallery')
    await expect(page.getByText('Google sign-in is not enabled. Please contact support.')).toBeVisible()
    await expect(page).toHaveURL(/\/$/)
    await expect(landing.headerSignIn).toBeVisible()
  })

  test('a failed Apple sign-in shows Apple’s reason', async ({ page }) => {
    await page.goto('/?authError=failed&provider=apple&reason=invalid_grant')
    await expect(
      page.getByText('Apple could not sign you in (invalid_grant). Please try again.'),
    ).toBeVisible()
    await expect(page).toHaveURL(/\/$/)
  })
})
