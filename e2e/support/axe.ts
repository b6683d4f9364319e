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
  if (include) await animationsSettled(page, include)
  const { violations } = await (include ? scan.include(include) : scan).analyze()
  return violations
    .filter(({ impact }) => impact === 'serious' || impact === 'critical')
    .map(({ id, nodes }) => `${id}: ${nodes.map(({ target }) => target.join(' ')).join(', ')}`)
}

/**
 * Resolves once nothing in `include`, or in the open shadow root it hosts (the kit's dialog), is
 * in a finite animation or transition: axe reads colours as they are drawn, and a scan as a screen
 * of the kit fades in found contrast that screen never keeps. Endless ones (a spinner) never end,
 * so they are not waited for.
 */
async function animationsSettled(page: Page, include: string) {
  await page.waitForFunction((selector) => {
    const root = document.querySelector(selector)
    const animations = [
      ...(root?.getAnimations({ subtree: true }) ?? []),
      ...(root?.shadowRoot?.getAnimations() ?? []),
    ]
    return animations.every(
      (animation) =>
        animation.playState !== 'running' ||
        animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
    )
  }, include)
}
