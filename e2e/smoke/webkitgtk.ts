import { freePort, spawnProcess, untilHealthy } from '@fernwood/testkit'
import { remote } from 'webdriverio'
import type { BrowserPaths } from './browser-paths'
import { findInPage, nothingToActOn, pageReadings } from './page-helpers'
import { stopProcess } from './stop-process'
import { type BrowserUnderTest, inPageScript, type PageDriver, type Query } from './visitor'
import { startVirtualDisplay, type VirtualDisplay } from './xvfb'

const driverStartTimeoutMs = 15_000
const keptOutputChars = 20_000

/**
 * WebKitGTK through webdriverio and a WebKitWebDriver of our own, on a virtual display (its
 * MiniBrowser has no headless mode). That driver speaks classic WebDriver only (2.50 refuses
 * `webSocketUrl`), so webdriverio is told not to ask for BiDi. Each visitor is a session of its
 * own: a fresh MiniBrowser with empty cookies and storage.
 */
export async function launchWebKitGtk(
  paths: Pick<BrowserPaths, 'webKitWebDriver' | 'xvfb'>,
): Promise<BrowserUnderTest> {
  const screen = await startVirtualDisplay(paths.xvfb)
  let driver: WebKitWebDriver
  try {
    driver = await startWebKitWebDriver(paths.webKitWebDriver, screen)
  } catch (error) {
    await screen.stop()
    throw error
  }
  const close = async () => {
    await driver.stop()
    await screen.stop()
  }
  try {
    // A first session tells the version, and that MiniBrowser starts at all on this machine.
    const probe = await newSession(driver.port)
    const version = String(probe.capabilities.browserVersion)
    await probe.deleteSession()
    return {
      name: `WebKitGTK ${version}`,
      newPage: async (siteUrl) => webKitPage(await newSession(driver.port), siteUrl),
      close,
    }
  } catch (error) {
    await close()
    throw new Error(`${String(error)}\nWebKitWebDriver printed:\n${driver.log()}`)
  }
}

interface WebKitWebDriver {
  port: number
  log(): string
  stop(): Promise<void>
}

async function startWebKitWebDriver(
  path: string,
  screen: VirtualDisplay,
): Promise<WebKitWebDriver> {
  const port = await freePort()
  const child = spawnProcess(path, [`--port=${port}`], {
    env: {
      DISPLAY: screen.display,
      // Our display even inside a Wayland desktop session.
      GDK_BACKEND: 'x11',
      // The app starts in the browser's language; the machine's own must not pick it.
      LANGUAGE: 'en_US',
    },
    keptOutputChars,
  })
  const driver = { port, log: child.output, stop: () => stopProcess(child) }
  try {
    await untilHealthy(
      { url: `http://127.0.0.1:${port}`, output: child.output, exited: child.exited },
      { path: '/status', timeoutMs: driverStartTimeoutMs },
    )
  } catch (error) {
    await driver.stop()
    throw new Error(`WebKitWebDriver (${path}) did not start: ${String(error)}`)
  }
  return driver
}

function newSession(port: number) {
  return remote({
    hostname: '127.0.0.1',
    port,
    logLevel: 'warn',
    capabilities: {
      browserName: 'MiniBrowser',
      'wdio:enforceWebDriverClassic': true,
      timeouts: { implicit: 0, pageLoad: 30_000, script: 30_000 },
    },
  })
}

type Session = Awaited<ReturnType<typeof newSession>>

async function webKitPage(session: Session, siteUrl: string): Promise<PageDriver> {
  await session.setWindowSize(1280, 800)

  const element = async (query: Query) => {
    const found = await session.execute(findInPage, query)
    if (!found) throw nothingToActOn(query)
    // Sent back as a WebDriver element reference, which `$` takes.
    return session.$(found as HTMLElement)
  }

  return {
    open: async (path) => {
      await session.url(new URL(path, siteUrl).href)
      // Loaded, with the app's scripts run; the kit, which builds the shadow root, waits for
      // 'Enter the Forest' (in-page.js says so if it came first).
      await session.execute(inPageScript)
    },
    ...pageReadings((script, argument) => session.execute(script, argument)),
    click: async (query) => {
      await (await element(query)).click()
    },
    type: async (query, text) => {
      await (await element(query)).addValue(text)
    },
    chooseFile: async (file) => {
      const input = await session.$('input[type="file"]')
      await input.waitForExist()
      // WebDriver's way to choose files: send the path to the input, hidden or not.
      await input.addValue(file)
    },
    screenshot: async () => Buffer.from(await session.takeScreenshot(), 'base64'),
    close: () => session.deleteSession(),
  }
}
