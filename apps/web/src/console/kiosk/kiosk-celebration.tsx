import { useEffect, useRef, useState } from 'react'
import { useConsoleTexts } from '../texts/use-console-texts'

// How long the celebration stays after a claim: long enough to be seen from the queue.
const CELEBRATION_MS = 4_000

/**
 * A moment for each claim: when the count claimed grows, the screen says so in large type over a
 * burst of light (still, for those who prefer reduced motion), then gives the new code the stage.
 * The count's own status line is what screen readers hear, so this is for the eyes only.
 */
export function KioskCelebration({ claimed }: { claimed: number | undefined }) {
  const texts = useConsoleTexts()
  const seen = useRef(claimed)
  const [celebrating, setCelebrating] = useState(0)
  useEffect(() => {
    const before = seen.current
    seen.current = claimed
    if (before === undefined || claimed === undefined || claimed <= before) return
    setCelebrating((moments) => moments + 1)
    const end = setTimeout(() => setCelebrating(0), CELEBRATION_MS)
    return () => clearTimeout(end)
  }, [claimed])
  if (!celebrating) return null
  return (
    <div className="kiosk__celebration" key={celebrating} aria-hidden="true">
      <p className="kiosk__celebration-text">{texts.kioskCelebration}</p>
    </div>
  )
}
