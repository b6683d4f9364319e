/**
 * Chromium as the browser suite and the benchmarks run it: headless, and quiet on the network
 * (only loopback exists where they run).
 */
export const chromiumArgs: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
