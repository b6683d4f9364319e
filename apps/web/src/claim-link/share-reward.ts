/** How a share went: handed to the system's share sheet, copied instead, or called off. */
export type ShareOutcome = 'shared' | 'copied' | 'cancelled'

/**
 * Shares `text` and `url` through the system's share sheet where the browser has one (phones,
 * most desktops), else copies them to the clipboard. The url is the site's, never the claim
 * link's: a unique code in it would hand the reward on to whoever reads the post.
 */
export async function shareReward(text: string, url: string): Promise<ShareOutcome> {
  const data = { text, url }
  if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
    try {
      await navigator.share(data)
      return 'shared'
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled'
      // Refused for another reason (no share target, a policy): copying still works.
    }
  }
  await navigator.clipboard.writeText(`${text} ${url}`)
  return 'copied'
}
