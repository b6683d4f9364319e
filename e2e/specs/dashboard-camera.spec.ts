import type { Page } from '@playwright/test'
import { test as base, expect } from '../fixtures'
import { toast } from '../screens'
import { seriousViolations } from '../support/axe'
import {
  cameraTracks,
  type FakeCamera,
  type FakeCameraFile,
  fakeCamera,
  holdUntilReleased,
  watchCameraStreams,
} from '../support/camera'
import { accounts, codeBox, enterDashboard } from '../support/dashboard'
import { dashboardTexts } from '../texts'

const test = base.extend<FakeCamera, FakeCameraFile>(fakeCamera)

const scannedCode = 'willow-wisp'

/** alice's dashboard, on its 'Scan QR' tab. */
async function openScanTab(page: Page): Promise<void> {
  await enterDashboard(page, accounts.payingCodes)
  await page.getByRole('tab', { name: dashboardTexts.scanQrTab }).click()
}

test.describe('with the camera allowed', () => {
  test.use({ permissions: ['camera'] })

  test('a QR code held up to the camera fills the box, is announced and turns the camera off', async ({
    page,
    cameraSees,
  }) => {
    await cameraSees(scannedCode)
    await watchCameraStreams(page)
    await openScanTab(page)

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
    await openScanTab(page)

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

  test('Stop pressed while the camera is still starting turns it off and offers Start again', async ({
    page,
    cameraSees,
  }) => {
    await cameraSees(null)
    await watchCameraStreams(page)
    const letPreviewStart = await holdUntilReleased(page, 'video play')
    await openScanTab(page)

    await page.getByRole('button', { name: dashboardTexts.startScanning }).click()
    await expect.poll(() => cameraTracks(page)).toEqual({ opened: 1, live: 1 })
    await page.getByRole('button', { name: dashboardTexts.stopScanning }).click()
    await letPreviewStart()
    await expect(page.getByRole('button', { name: dashboardTexts.stopScanning })).toHaveCount(0)
    await expect(page.getByRole('button', { name: dashboardTexts.startScanning })).toBeVisible()
    expect(await cameraTracks(page)).toEqual({ opened: 1, live: 0 })
  })
})

test('a camera refused after Stop was pressed says nothing: the visitor already stopped it', async ({
  page,
}) => {
  const answerCameraRequest = await holdUntilReleased(page, 'camera request')
  await openScanTab(page)

  await page.getByRole('button', { name: dashboardTexts.startScanning }).click()
  await page.getByRole('button', { name: dashboardTexts.stopScanning }).click()
  await answerCameraRequest()
  await expect(page.getByRole('button', { name: dashboardTexts.startScanning })).toBeEnabled()
  // Counted once, not awaited to vanish: the toast would go of itself after a few seconds.
  expect(await toast(page, dashboardTexts.cameraFailed).count()).toBe(0)
  expect(
    await page.getByRole('alert').filter({ hasText: dashboardTexts.cameraRefusal.blocked }).count(),
  ).toBe(0)
})

test('a refused camera is reported, says how to allow it, and scanning stays off', async ({
  page,
}) => {
  await watchCameraStreams(page)
  await openScanTab(page)

  await page.getByRole('button', { name: dashboardTexts.startScanning }).click()
  const refused = toast(page, dashboardTexts.cameraFailed)
  await expect(refused).toBeVisible()
  await expect(refused).toHaveAttribute('data-type', 'error')
  // In the viewfinder, where the picture would be, until the next start.
  await expect(
    page.getByRole('alert').filter({ hasText: dashboardTexts.cameraRefusal.blocked }),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: dashboardTexts.startScanning })).toBeEnabled()
  expect(await cameraTracks(page)).toEqual({ opened: 0, live: 0 })
  // Its words read on the viewfinder by day as by night: axe checks their contrast.
  for (const colorScheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme })
    expect(await seriousViolations(page, '.scan')).toEqual([])
  }
})
