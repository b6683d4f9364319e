import { accessSync, constants } from 'node:fs'

/** The programs the smoke suite runs: each from its environment variable, else Debian's package. */
const programs = {
  firefox: {
    variable: 'FIREFOX_PATH',
    debianPath: '/usr/bin/firefox-esr',
    debianPackage: 'firefox-esr',
  },
  webKitWebDriver: {
    variable: 'WEBKIT_WEBDRIVER_PATH',
    debianPath: '/usr/bin/WebKitWebDriver',
    debianPackage: 'webkit2gtk-driver',
  },
  xvfb: { variable: 'XVFB_PATH', debianPath: '/usr/bin/Xvfb', debianPackage: 'xvfb' },
} as const

export type BrowserPaths = Record<keyof typeof programs, string>

/**
 * Where Firefox ESR, WebKitGTK's WebDriver and Xvfb are. A missing one stops the suite with what to
 * install: a browser suite that skipped itself would pass without having tested anything.
 */
export function findBrowserPaths(): BrowserPaths {
  const found: Partial<BrowserPaths> = {}
  const missing: string[] = []
  for (const [key, program] of Object.entries(programs) as [keyof BrowserPaths, Program][]) {
    const path = process.env[program.variable] || program.debianPath
    if (isExecutable(path)) found[key] = path
    else missing.push(`${path} (${program.variable}; Debian package ${program.debianPackage})`)
  }
  if (missing.length > 0) {
    const packages = Object.values(programs).map((program) => program.debianPackage)
    throw new Error(
      `Firefox ESR, WebKitGTK's WebDriver and Xvfb are needed; missing: ${missing.join(', ')}. ` +
        `Install them with \`apt-get install ${packages.join(' ')}\`, or point the variables at them.`,
    )
  }
  return found as BrowserPaths
}

type Program = (typeof programs)[keyof typeof programs]

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}
