import { expect, test } from '../fixtures'
import { accounts, enterDashboard } from '../support/dashboard'
import { dashboardTexts } from '../texts'

test('the guide opens from Help and closes on the close button, Escape and the backdrop', async ({
  page,
}) => {
  await enterDashboard(page, accounts.payingCodes)
  const help = page.getByRole('button', { name: dashboardTexts.help })
  const guide = page.getByRole('dialog', { name: dashboardTexts.helpTitle })

  await help.click()
  await expect(guide).toBeVisible()
  await expect(guide.getByRole('listitem')).toHaveText([
    /Enter the Forest/,
    /Connect your WAX wallet/,
    /Submit a Forest Code.*(type|Type).*scan.*upload/,
  ])
  await expect(guide).toContainText('fernwoodwelcome')
  await expect(guide).toContainText('5,000 FERN')
  const box = await guide.boundingBox()
  expect(box?.width).toBeLessThanOrEqual(600)

  await guide.getByRole('button', { name: 'Close' }).click()
  await expect(guide).toBeHidden()
  await expect(help).toBeFocused()

  await help.click()
  await expect(guide).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(guide).toBeHidden()

  await help.click()
  await expect(guide).toBeVisible()
  // A point of the backdrop: left of the centred dialog, in the middle of the window.
  const viewport = page.viewportSize()
  if (!viewport || !box) throw new Error('no layout for the dialog')
  await page.mouse.click(box.x / 2, viewport.height / 2)
  await expect(guide).toBeHidden()

  await help.click()
  await guide.getByRole('heading', { name: dashboardTexts.helpTitle }).click()
  await expect(guide).toBeVisible()
})
