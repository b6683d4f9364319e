// Plain JavaScript so `ensure-browser.mjs` can run under bare `node` before any TypeScript
// tooling is involved; playwright.config.ts imports the same lookup.
import { existsSync } from 'node:fs'
import { chromium } from '@playwright/test'

export const DEBIAN_CHROMIUM = '/usr/bin/chromium'

/**
 * The Chromium the specs drive: `CHROMIUM_PATH` when set, else Debian's package, else
 * Playwright's own managed build (`undefined` lets Playwright pick it).
 * @returns {{ source: 'CHROMIUM_PATH' | 'debian' | 'playwright', executablePath: string | undefined }}
 */
export function findChromium() {
  const override = process.env.CHROMIUM_PATH
  if (override) {
    if (!existsSync(override)) throw new Error(`CHROMIUM_PATH=${override} does not exist`)
    return { source: 'CHROMIUM_PATH', executablePath: override }
  }
  if (existsSync(DEBIAN_CHROMIUM)) return { source: 'debian', executablePath: DEBIAN_CHROMIUM }
  return { source: 'playwright', executablePath: undefined }
}

/** Where Playwright keeps (or would keep) its managed Chromium. */
export function managedChromiumPath() {
  return chromium.executablePath()
}
