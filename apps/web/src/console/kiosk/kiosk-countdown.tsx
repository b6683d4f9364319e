import { useEffect, useState } from 'react'
import { useConsoleTexts } from '../texts/use-console-texts'

/** Minutes and seconds left until `until`, as a countdown reads: '2:05', never below '0:00'. */
export function countdownText(until: number, now: number): string {
  const seconds = Math.max(0, Math.ceil((until - now) / 1000))
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}

/**
 * How long the code shown still holds: the server replaces it at `replacedBy` (or sooner, once
 * claimed), so whoever walks up knows whether to hurry. A timer, not a live region: read when
 * asked, not every second.
 */
export function KioskCountdown({ replacedBy }: { replacedBy: string }) {
  const texts = useConsoleTexts()
  const until = Date.parse(replacedBy)
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(tick)
  }, [])
  return (
    <p className="kiosk__countdown" role="timer">
      {texts.kioskNextCode(countdownText(until, now))}
    </p>
  )
}
