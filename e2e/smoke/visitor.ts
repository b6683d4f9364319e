import { readFileSync } from 'node:fs'

/** The page-side helpers, as text each driver runs in the page (see in-page.js for why). */
export const inPageScript = readFileSync(new URL('./in-page.js', import.meta.url), 'utf8')

/** What a flow looks for, named as a visitor would name it; in-page.js finds it. */
export interface Query {
  role?:
    | 'button'
    | 'dialog'
    | 'heading'
    | 'img'
    | 'link'
    | 'listitem'
    | 'region'
    | 'tab'
    | 'textbox'
  /** The whole name: what labels it, else its visible text. */
  name?: string
  placeholder?: string
  /** Part of its visible text (all of it with `exact`). */
  text?: string
  exact?: boolean
  /** Only inside what this query finds. */
  within?: Query
}

/** The visible elements a query finds, and what the visitor reads on the first. */
export interface Inspection {
  count: number
  /** Matching all but being drawn: hidden, or laid out with no size. */
  hiddenCount: number
  text: string | null
  /** A text box's content. */
  value: string | null
  /** An image's: its picture decoded, not broken. */
  loaded: boolean | null
}

/** The helpers in-page.js puts on `window`. */
export interface PageHelpers {
  find(query: Query): Element | null
  inspect(query: Query): Inspection
  language(): string
  problems: string[]
}

export type WindowWithHelpers = Window & { __fernwoodSmoke: PageHelpers }

/** One visitor's tab, as a driver gives it: cookies and storage of its own. */
export interface PageDriver {
  /** Loads `path` of the site, with the page-side helpers in place. */
  open(path: string): Promise<void>
  inspect(query: Query): Promise<Inspection>
  /** The page's `<html lang>`. */
  language(): Promise<string>
  /** What broke in the page since it was opened: uncaught errors, refused content. */
  problems(): Promise<string[]>
  /** Clicks the first element the query finds, with the driver's real input. */
  click(query: Query): Promise<void>
  /** Types into the first element the query finds, key by key. */
  type(query: Query, text: string): Promise<void>
  /** Puts `file` in the page's file input, as the file picker it opens would. */
  chooseFile(file: string): Promise<void>
  /** A PNG of what the visitor sees, kept when a flow fails. */
  screenshot(): Promise<Uint8Array>
  close(): Promise<void>
}

/** A browser the smoke suite drives, one visitor at a time. */
export interface BrowserUnderTest {
  /** How the summary names it, e.g. 'Firefox ESR 153.7.0'. */
  readonly name: string
  newPage(siteUrl: string): Promise<PageDriver>
  close(): Promise<void>
}

const defaultWaitMs = 10_000
const pollMs = 100

interface Expectation {
  /** How long the app may take: the default suits anything but a payout. */
  timeoutMs?: number
}

/** What a visitor does and sees, waiting for the app as a person would. */
export class Visitor {
  constructor(private readonly page: PageDriver) {}

  async open(path: string): Promise<void> {
    await this.page.open(path)
  }

  async click(query: Query): Promise<void> {
    await this.sees(query, { one: true })
    await this.page.click(query)
  }

  async fill(query: Query, text: string): Promise<void> {
    await this.sees(query, { one: true })
    await this.page.type(query, text)
  }

  async chooseFile(file: string): Promise<void> {
    await this.page.chooseFile(file)
  }

  /** Waits until the query finds something, and it reads or holds what is asked. */
  async sees(
    query: Query,
    expected: Expectation & { one?: boolean; text?: string; value?: string; loaded?: true } = {},
  ): Promise<void> {
    const wanted = [
      expected.one ? 'exactly one' : 'one or more',
      expected.text === undefined ? '' : `reading "${expected.text}"`,
      expected.value === undefined ? '' : `holding "${expected.value}"`,
      expected.loaded ? 'drawn (not broken)' : '',
    ]
    await this.until(
      query,
      (found) =>
        (expected.one ? found.count === 1 : found.count > 0) &&
        (expected.text === undefined || (found.text ?? '').includes(expected.text)) &&
        (expected.value === undefined || found.value === expected.value) &&
        (!expected.loaded || found.loaded === true),
      wanted.filter(Boolean).join(', '),
      expected.timeoutMs,
    )
  }

  async seesNone(query: Query): Promise<void> {
    await this.until(query, (found) => found.count === 0, 'none')
  }

  async seesLanguage(language: string): Promise<void> {
    const deadline = Date.now() + defaultWaitMs
    let current = await this.page.language()
    while (current !== language) {
      if (Date.now() > deadline) {
        throw new Error(`expected the page in language "${language}", it is in "${current}"`)
      }
      await pause()
      current = await this.page.language()
    }
  }

  private async until(
    query: Query,
    satisfied: (found: Inspection) => boolean,
    wanted: string,
    timeoutMs = defaultWaitMs,
  ): Promise<void> {
    const deadline = Date.now() + timeoutMs
    let found = await this.page.inspect(query)
    while (!satisfied(found)) {
      if (Date.now() > deadline) {
        const seen =
          found.count === 0 ? 'found none' : `found ${found.count}, reading "${found.text}"`
        const undrawn = found.hiddenCount === 0 ? '' : ` (and ${found.hiddenCount} not drawn)`
        const held = found.value === null ? '' : `, holding "${found.value}"`
        throw new Error(`expected ${describeQuery(query)}: ${wanted}; ${seen}${undrawn}${held}`)
      }
      await pause()
      found = await this.page.inspect(query)
    }
  }
}

function describeQuery(query: Query): string {
  const parts = [
    query.role ?? 'element',
    query.name === undefined ? '' : `named "${query.name}"`,
    query.placeholder === undefined ? '' : `showing "${query.placeholder}"`,
    query.text === undefined ? '' : `with text "${query.text}"`,
    query.within ? `in ${describeQuery(query.within)}` : '',
  ]
  return parts.filter(Boolean).join(' ')
}

function pause(): Promise<void> {
  return new Promise((wake) => setTimeout(wake, pollMs))
}
