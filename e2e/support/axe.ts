import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

// The axe-core that @axe-core/playwright itself loads, minified: by default it sends the page the
// unminified build (1.4 MB), and does so twice or three times a run. Guarded, a document that has
// axe already (each later scan before a navigation) skips evaluating it again.
const axeCore = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))
const minified = readFileSync(axeCore.resolve('axe-core/axe.min.js'), 'utf8')
const axeSource = `if (typeof window.axe !== 'object') {\n${minified}\n}`

/**
 * An axe-core scan of `page` in one pass over the page itself (the builder's legacy mode). The
 * default pass instead runs each frame's part and then joins them in a blank page of the context
 * it opens for that, which doubles a scan's time; our pages have no frames, so both find the same.
 */
export function axeScan(page: Page): AxeBuilder {
  return new AxeBuilder({ page, axeSource }).setLegacyMode()
}

/**
 * axe-core's serious and critical findings on `page`, or inside `include`, each as its rule and
 * the elements it found, so a failing check names them.
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  const scan = axeScan(page)
  await animationsSettled(page, include)
  const { violations } = await (include ? scan.include(include) : scan).analyze()
  return violations
    .filter(({ impact }) => impact === 'serious' || impact === 'critical')
    .map(({ id, nodes }) => `${id}: ${nodes.map(({ target }) => target.join(' ')).join(', ')}`)
}

// Longer than any entrance or transition of ours or the kit's (a few hundred ms); shorter than a
// countdown, such as a rejected card's 30 s line, which a scan would otherwise wait out whole.
const SETTLING_MS = 2_000

/**
 * Resolves once nothing in `include` (the page, without it), nor in an open shadow root there
 * (the kit's dialog), is in an animation or transition about to end: axe reads colours as they
 * are drawn, and a scan as a screen of the kit faded in found contrast that screen never keeps.
 * Endless animations (a spinner) and countdowns are not waited for.
 */
async function animationsSettled(page: Page, include?: string) {
  await page.waitForFunction(
    ({ selector, settlingMs }) => {
      const root = selector ? document.querySelector(selector) : document.documentElement
      if (!root) return true
      const shadowRoots = [root, ...root.querySelectorAll('*')].flatMap((element) =>
        element.shadowRoot ? [element.shadowRoot] : [],
      )
      const animations = [
        ...root.getAnimations({ subtree: true }),
        ...shadowRoots.flatMap((shadowRoot) => shadowRoot.getAnimations()),
      ]
      return animations.every((animation) => {
        const timing = animation.effect?.getComputedTiming()
        const left =
          Number(timing?.endTime ?? Number.POSITIVE_INFINITY) - Number(timing?.localTime ?? 0)
        return animation.playState !== 'running' || left > settlingMs
      })
    },
    { selector: include, settlingMs: SETTLING_MS },
  )
}
