import { type Browser, chromium } from 'playwright-core'

/** Debian's Chromium: Playwright's own browser downloads fail on this network. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs, ...extraArgs] })
}
