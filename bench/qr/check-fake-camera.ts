/**
 * Checks the browser-test media (e2e/support/qr-media.ts) in Debian's Chromium: the fake
 * camera playing a written .y4m, and the written PNGs read as uploads, each decoded with
 * zxing-wasm under the page's strict CSP. Prints what was read.
 *
 *   npx tsx bench/qr/check-fake-camera.ts
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { writeNonQrPng, writeQrPng, writeQrVideo } from '../../e2e/support/qr-media.ts'
import { launchChromium } from './browser.ts'
import { buildBenchPage, serveBenchPage } from './server.ts'

const CAMERA_TEXT = 'fernwoodwelcome'
const UPLOAD_TEXT = 'forest-7Q2M-K9TD'

const directory = await mkdtemp(path.join(tmpdir(), 'fernwood-qr-media-'))
try {
  const video = path.join(directory, 'camera.y4m')
  const qrPng = path.join(directory, 'code.png')
  const nonQrPng = path.join(directory, 'gradient.png')
  await writeQrVideo(video, CAMERA_TEXT)
  await writeQrPng(qrPng, UPLOAD_TEXT)
  await writeNonQrPng(nonQrPng)
  console.log(`camera.y4m: ${(await stat(video)).size} bytes`)

  await buildBenchPage()
  const server = await serveBenchPage()
  const browser = await launchChromium([
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ])
  try {
    const page = await browser.newPage()
    await page.goto(`${server.origin}/?csp=wasm-unsafe-eval`)
    await page.waitForFunction(() => window.fernwoodBench !== undefined)
    const camera = await page.evaluate(() =>
      window.fernwoodBench.decodeCamera('zxing-wasm', 15_000),
    )
    console.log(
      `camera: ${JSON.stringify(camera.text)} (expected ${JSON.stringify(CAMERA_TEXT)}) from frame ${camera.frames}, ${camera.width}x${camera.height}`,
    )
    for (const [file, expected] of [
      [qrPng, UPLOAD_TEXT],
      [nonQrPng, null],
    ] as const) {
      const base64 = (await readFile(file)).toString('base64')
      const text = await page.evaluate(
        ([data]) => window.fernwoodBench.decodeImageFile('zxing-wasm', data),
        [base64] as const,
      )
      console.log(
        `upload ${path.basename(file)}: ${JSON.stringify(text)} (expected ${JSON.stringify(expected)})`,
      )
    }
  } finally {
    await browser.close()
    await server.close()
  }
} finally {
  await rm(directory, { recursive: true, force: true })
}
