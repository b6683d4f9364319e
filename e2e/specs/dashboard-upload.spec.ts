import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { toast } from '../screens'
import { accounts, codeBox, enterDashboard } from '../support/dashboard'
import { writeNonQrPng, writeQrPng } from '../support/qr-media'
import { dashboardTexts } from '../texts'

let folder: string
test.beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'fernwood-upload-'))
})
test.afterAll(async () => {
  await rm(folder, { recursive: true, force: true })
})

async function chooseImage(page: Page, file: string): Promise<void> {
  await page.getByRole('tab', { name: dashboardTexts.uploadQrTab }).click()
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: dashboardTexts.selectQrImage }).click(),
  ])
  expect(await chooser.element().getAttribute('accept')).toBe('image/*')
  await chooser.setFiles(file)
}

test('an uploaded picture of a QR code fills the box with its code', async ({ page }) => {
  const image = join(folder, 'forest-code.png')
  await writeQrPng(image, 'willow-wisp')
  await enterDashboard(page, accounts.payingCodes)

  await chooseImage(page, image)
  const detected = toast(page, dashboardTexts.codeDetected('willow-wisp'))
  await expect(detected).toBeVisible()
  await expect(detected).toHaveAttribute('data-type', 'success')
  await expect(codeBox(page)).toHaveValue('willow-wisp')
  await expect(page.getByRole('button', { name: dashboardTexts.submitCode })).toBeEnabled()
})

test('a picture without a QR code, or a file that is no picture, is refused', async ({ page }) => {
  const picture = join(folder, 'gradient.png')
  const notAPicture = join(folder, 'notes.png')
  await writeNonQrPng(picture)
  await writeFile(notAPicture, 'not an image at all')
  await enterDashboard(page, accounts.payingCodes)

  for (const file of [picture, notAPicture]) {
    await chooseImage(page, file)
    const refused = toast(page, dashboardTexts.noQrInImage)
    await expect(refused).toBeVisible()
    await expect(refused).toHaveAttribute('data-type', 'error')
    await refused.getByRole('button', { name: 'Close notification' }).click()
    await expect(refused).toHaveCount(0)
  }
  await page.getByRole('tab', { name: dashboardTexts.enterCodeTab }).click()
  await expect(codeBox(page)).toHaveValue('')
})
