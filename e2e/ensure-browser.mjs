import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { findChromium, managedChromiumPath } from './chromium.mjs'

const found = findChromium()

if (found.executablePath) {
  console.log(`e2e: using Chromium from ${found.source}: ${found.executablePath}`)
} else {
  const managed = managedChromiumPath()
  if (!existsSync(managed)) {
    console.log('e2e: no Chromium found; installing Playwright-managed Chromium')
    execFileSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit' })
  }
  console.log(`e2e: using Playwright-managed Chromium: ${managed}`)
}
