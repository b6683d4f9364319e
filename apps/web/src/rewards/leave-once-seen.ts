import { type RefObject, useEffect, useRef, useState } from 'react'

/**
 * How long a rejected code's card stays in view before it leaves by itself: long enough to be
 * read, and for a screen reader to have announced it (the list is a polite live region) well
 * before.
 */
export const REJECTED_CARD_SEEN_MS = 30_000

/**
 * Calls `leave` once the element has been seen for `seenMs` at a stretch: at least half of it on
 * screen, in a tab in view, with neither the pointer over it nor the focus in it (someone reading
 * or about to act on it keeps it). Any of those ending starts the count again. Answers whether
 * the count runs, for the element to show that it will leave.
 */
export function useLeaveOnceSeen(
  element: RefObject<HTMLElement | null>,
  leave: () => void,
  { enabled = true, seenMs = REJECTED_CARD_SEEN_MS } = {},
): boolean {
  const latestLeave = useRef(leave)
  latestLeave.current = leave
  const [counting, setCounting] = useState(false)

  useEffect(() => {
    const target = element.current
    if (!enabled || !target) return
    setCounting(false)
    let onScreen = false
    let held = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const recount = () => {
      clearTimeout(timer)
      timer = undefined
      const seen = onScreen && !held && document.visibilityState === 'visible'
      if (seen) timer = setTimeout(() => latestLeave.current(), seenMs)
      setCounting(seen)
    }
    const hold = (holding: boolean) => () => {
      held = holding || target.matches(':hover, :focus-within')
      recount()
    }
    const observer = new IntersectionObserver(
      ([entry]) => {
        onScreen = entry?.isIntersecting ?? false
        recount()
      },
      { threshold: 0.5 },
    )
    observer.observe(target)
    const release = hold(false)
    const keep = hold(true)
    target.addEventListener('pointerenter', keep)
    target.addEventListener('focusin', keep)
    target.addEventListener('pointerleave', release)
    target.addEventListener('focusout', release)
    document.addEventListener('visibilitychange', recount)
    return () => {
      clearTimeout(timer)
      observer.disconnect()
      target.removeEventListener('pointerenter', keep)
      target.removeEventListener('focusin', keep)
      target.removeEventListener('pointerleave', release)
      target.removeEventListener('focusout', release)
      document.removeEventListener('visibilitychange', recount)
      setCounting(false)
    }
  }, [element, enabled, seenMs])
  return counting
}
