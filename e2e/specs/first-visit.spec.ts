import { expect, test } from '../fixtures'
import { expectLoginScreen } from '../screens'

test('a first visit, signed out, logs no error in the browser console', async ({ page }) => {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  await page.goto('/')
  await expectLoginScreen(page)
  // Whatever the page fetches after its first screen (the lazily loaded kit) has finished too.
  await page.waitForLoadState('networkidle')
  expect(errors).toEqual([])
})
