import puppeteer, { type BrowserContext, type ElementHandle } from 'puppeteer-core'
import { findInPage, nothingToActOn, pageReadings } from './page-helpers'
import { type BrowserUnderTest, inPageScript, type PageDriver, type Query } from './visitor'

/**
 * Firefox ESR through puppeteer-core over WebDriver BiDi, which Firefox speaks itself: no
 * geckodriver, and puppeteer-core never downloads a browser. Each visitor is a browser context
 * of its own (cookies, storage), so one Firefox serves every flow.
 */
export async function launchFirefox(executablePath: string): Promise<BrowserUnderTest> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath,
    headless: true,
    defaultViewport: { width: 1280, height: 800 },
    // The app starts in the browser's language; the machine's own must not pick it.
    extraPrefsFirefox: { 'intl.accept_languages': 'en-US' },
  })
  const version = (await browser.version()).replace(/^firefox\//, '')
  return {
    name: `Firefox ESR ${version}`,
    newPage: async (siteUrl) => firefoxPage(await browser.createBrowserContext(), siteUrl),
    close: () => browser.close(),
  }
}

async function firefoxPage(context: BrowserContext, siteUrl: string): Promise<PageDriver> {
  const page = await context.newPage()
  // A preload script: in place before the app's own, as the Chromium specs' init script.
  await page.evaluateOnNewDocument(inPageScript)

  const withElement = async (query: Query, act: (element: ElementHandle) => Promise<void>) => {
    const handle = await page.evaluateHandle(findInPage, query)
    const element = handle.asElement() as ElementHandle<Element> | null
    if (!element) {
      await handle.dispose()
      throw nothingToActOn(query)
    }
    try {
      await act(element)
    } finally {
      await element.dispose()
    }
  }

  return {
    open: async (path) => {
      await page.goto(new URL(path, siteUrl).href)
    },
    ...pageReadings((script, argument) => page.evaluate(script, argument)),
    click: (query) => withElement(query, (element) => element.click()),
    type: (query, text) => withElement(query, (element) => element.type(text)),
    chooseFile: async (file) => {
      const input = await page.waitForSelector('input[type="file"]')
      if (!input) throw new Error('the page has no file input')
      await (input as ElementHandle<HTMLInputElement>).uploadFile(file)
      await input.dispose()
    },
    screenshot: () => page.screenshot(),
    close: () => context.close(),
  }
}
