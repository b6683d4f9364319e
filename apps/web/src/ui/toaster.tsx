import { useEffect } from 'react'
import { Toaster as SonnerToaster } from 'sonner'
import { useTexts } from '../i18n/current'
import './toaster.css'

/**
 * The spec's toasts: bottom right, success or error style (and a neutral one for the visitor's own
 * choices), dismissible, gone after 5 s.
 */
const TOAST_DURATION_MS = 5000

let markMounted: () => void = () => {}

/**
 * Resolves once toasts can be shown. sonner drops a toast raised before its Toaster subscribed,
 * so work started before the first render (the session check, later the scanner load) waits on
 * this before reporting a failure.
 */
export const toasterMounted = new Promise<void>((resolve) => {
  markMounted = resolve
})

export function Toaster() {
  const texts = useTexts()
  // Runs after sonner's own effect (a child's), i.e. once it has subscribed.
  useEffect(() => markMounted(), [])

  return (
    <SonnerToaster
      position="bottom-right"
      duration={TOAST_DURATION_MS}
      closeButton
      theme="dark"
      className="toaster"
      containerAriaLabel={texts.notifications}
      toastOptions={{ closeButtonAriaLabel: texts.closeToast }}
    />
  )
}
