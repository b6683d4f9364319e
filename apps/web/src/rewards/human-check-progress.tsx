import { useTexts } from '../i18n/current'
import type { HumanCheckProgress as Progress } from './human-check'
import './human-check-progress.css'

/**
 * The line saying the browser is checking before it claims: announced politely (a screen reader
 * finishes what it says first), never taking focus. Always in the page, empty when idle, so
 * that assistive technologies are already watching it when the text arrives.
 */
export function HumanCheckProgress({ progress }: { progress: Progress }) {
  const texts = useTexts()
  return (
    <p className="human-check-progress" aria-live="polite">
      {progress === 'idle'
        ? ''
        : progress === 'long'
          ? texts.humanCheckRunningLong
          : texts.humanCheckRunning}
    </p>
  )
}
