import { chromiumArgs } from '@fernwood/testkit/chromium'
import { type Browser, chromium } from 'playwright-core'

/** Debian's Chromium: Playwright's own browser downloads fail on this network. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs, ...extraArgs] })
}
