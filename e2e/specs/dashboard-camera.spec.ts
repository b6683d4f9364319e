import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test as base, expect } from '../fixtures'
import { toast } from '../screens'
import { cameraTracks, watchCameraStreams, writeBlankVideo } from '../support/camera'
import { accounts, codeBox, dashboardTexts, enterDashboard } from '../support/dashboard'
import { writeQrVideo } from '../support/qr-media'

/**
 * Chromium's fake camera plays a file given at launch, so this file's workers launch their own
 * browser. The file is opened each time a page starts the camera, so each test writes what the
 * camera should see before starting it.
 */
const test = base.extend<
  { cameraSees: (text: string | null) => Promise<void> },
  { cameraFile: string }
>({
  cameraFile: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
    async ({}, use, workerInfo) => {
      const file = join(tmpdir(), `fernwood-camera-${process.pid}-${workerInfo.workerIndex}.y4m`)
      await writeBlankVideo(file)
      await use(file)
      await rm(file, { force: true })
    },
    { scope: 'worker' },
  ],
  launchOptions: [
    async ({ launchOptions, cameraFile }, use) => {
      await use({
        ...launchOptions,
        args: [
          ...(launchOptions.args ?? []),
          '--use-fake-device-for-media-stream',
          `--use-file-for-fake-video-capture=${cameraFile}`,
        ],
      })
    },
    { scope: 'worker' },
  ],
  cameraSees: async ({ cameraFile }, use) => {
    await use((text) =>
      text === null ? writeBlankVideo(cameraFile) : writeQrVideo(cameraFile, text),
    )
  },
})

const scannedCode = 'willow-wisp'

test.describe('with the camera allowed', () => {
  test.use({ permissions: ['camera'] })

  test('a QR code held up to the camera fills the box, is announced and turns the camera off', async ({
    page,
    cameraSees,
  }) => {
    await cameraSees(scannedCode)
    await watchCameraStreams(page)
    await enterDashboard(page, accounts.payingCodes)

    await page.getByRole('tab', { name: dashboardTexts.scanQrTab }).click()
    const start = page.getByRole('button', { name: dashboardTexts.startScanning })
    await expect(start).toBeEnabled()
    await start.click()

    const detected = toast(page, dashboardTexts.codeDetected(scannedCode))
    await expect(detected).toBeVisible()
    await expect(page.getByRole('tab', { name: dashboardTexts.enterCodeTab })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await expect(codeBox(page)).toHaveValue(scannedCode)
    await expect(codeBox(page)).toBeFocused()
    expect(await cameraTracks(page)).toEqual({ opened: 1, live: 0 })
  })

  test('the camera runs until stopped or until another tab is chosen', async ({
    page,
    cameraSees,
  }) => {
    await cameraSees(null)
    await watchCameraStreams(page)
    await enterDashboard(page, accounts.payingCodes)
    await page.getByRole('tab', { name: dashboardTexts.scanQrTab }).click()

    await page.getByRole('button', { name: dashboardTexts.startScanning }).click()
    const stop = page.getByRole('button', { name: dashboardTexts.stopScanning })
    await expect(stop).toBeVisible()
    await expect.poll(() => cameraTracks(page)).toEqual({ opened: 1, live: 1 })
    await stop.click()
    await expect(page.getByRole('button', { name: dashboardTexts.startScanning })).toBeVisible()
    expect(await cameraTracks(page)).toEqual({ opened: 1, live: 0 })

    await page.getByRole('button', { name: dashboardTexts.startScanning }).click()
    await expect(stop).toBeVisible()
    await expect.poll(() => cameraTracks(page)).toEqual({ opened: 2, live: 1 })
    await page.getByRole('tab', { name: dashboardTexts.uploadQrTab }).click()
    await expect.poll(() => cameraTracks(page)).toEqual({ opened: 2, live: 0 })
    await expect(codeBox(page)).toBeHidden()
  })
})

test('a refused camera is reported and scanning stays off', async ({ page }) => {
  await watchCameraStreams(page)
  await enterDashboard(page, accounts.payingCodes)
  await page.getByRole('tab', { name: dashboardTexts.scanQrTab }).click()

  await page.getByRole('button', { name: dashboardTexts.startScanning }).click()
  const refused = toast(page, dashboardTexts.cameraFailed)
  await expect(refused).toBeVisible()
  await expect(refused).toHaveAttribute('data-type', 'error')
  await expect(page.getByRole('button', { name: dashboardTexts.startScanning })).toBeEnabled()
  expect(await cameraTracks(page)).toEqual({ opened: 0, live: 0 })
})
