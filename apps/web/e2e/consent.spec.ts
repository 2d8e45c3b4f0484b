import { expect, test } from './fixtures'

test('the cookie card goes away once the visitor chooses, and stays away after a reload', async ({
  page,
  landing,
}) => {
  const recorded = page.waitForRequest((r) => r.url().endsWith('/api/consent') && r.method() === 'POST')
  await landing.goto()
  await expect(landing.cookieCard).toBeVisible()
  await landing.cookieCard.getByRole('button', { name: 'Accept all' }).click()
  await expect(landing.cookieCard).toBeHidden()
  const request = await recorded
  expect(request.postDataJSON()).toMatchObject({
    accepted: true,
    categories: ['necessary', 'preferences', 'analytics'],
  })

  await page.reload()
  await expect(landing.heading).toBeVisible()
  await expect(landing.cookieCard).toBeHidden()
  await page.goto('/support')
  await expect(landing.cookieCard).toBeHidden()
})
