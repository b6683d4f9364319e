import type { Inspection, PageDriver, Query, WindowWithHelpers } from './visitor'

/**
 * Runs `script` in the page with one argument, as a driver does (puppeteer's `evaluate`,
 * webdriverio's `execute`), and resolves to what it returns.
 */
export type RunInPage = (
  script: (argument: Query | undefined) => unknown,
  argument?: Query,
) => Promise<unknown>

// The scripts below go to the page as their source, so they may use only their argument and
// what in-page.js has put on `window`.

/** The first element a query finds, or null; each driver turns it into a handle of its own. */
export const findInPage = (query: Query) =>
  (window as unknown as WindowWithHelpers).__fernwoodSmoke.find(query)

/**
 * What every driver reads from the page the same way, through in-page.js's helpers. The drivers'
 * own types cannot follow a result through the page, hence the casts.
 */
export function pageReadings(
  run: RunInPage,
): Pick<PageDriver, 'inspect' | 'language' | 'problems'> {
  return {
    inspect: (query) =>
      run(
        (wanted) =>
          (window as unknown as WindowWithHelpers).__fernwoodSmoke.inspect(wanted as Query),
        query,
      ) as Promise<Inspection>,
    language: () =>
      run(() =>
        (window as unknown as WindowWithHelpers).__fernwoodSmoke.language(),
      ) as Promise<string>,
    problems: () =>
      run(() => [...(window as unknown as WindowWithHelpers).__fernwoodSmoke.problems]) as Promise<
        string[]
      >,
  }
}

/** What a click or typing fails with when its query finds nothing in the page. */
export function nothingToActOn(query: Query): Error {
  return new Error(`nothing to act on for ${JSON.stringify(query)}`)
}
