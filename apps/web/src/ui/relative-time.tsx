import { useSyncExternalStore } from 'react'
import { useLanguage } from '../i18n/current'
import { formatDateTime, formatRelativeTime } from '../i18n/format'

// One clock for every relative time on the page, ticking while any is shown: 'just now' becomes
// '1 minute ago' without a timer per entry. It reads in whole ticks, so every reading within one
// is the same (as React requires of a store) and every entry is worded as of the same moment.
const TICK_MS = 30_000
const listeners = new Set<() => void>()
let timer: ReturnType<typeof setInterval> | undefined

const currentTick = () => Math.floor(Date.now() / TICK_MS)

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  if (!timer) {
    timer = setInterval(() => {
      for (const notify of listeners) notify()
    }, TICK_MS)
  }
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0) {
      clearInterval(timer)
      timer = undefined
    }
  }
}

/** When something happened, as the visitor's language says it ('5 minutes ago'), its moment kept. */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const language = useLanguage()
  const tick = useSyncExternalStore(subscribe, currentTick)
  return (
    <time className={className} dateTime={iso} title={formatDateTime(iso, language)}>
      {formatRelativeTime(iso, tick * TICK_MS, language)}
    </time>
  )
}
