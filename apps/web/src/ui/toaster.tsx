import { useEffect, useSyncExternalStore } from 'react'
import { Toaster as SonnerToaster } from 'sonner'
import { useTexts } from '../i18n/current'
import './toaster.css'
import './toaster-narrow.css'

/**
 * The spec's toasts: bottom right, success or error style (and a neutral one for the visitor's own
 * choices), dismissible, gone after 5 s.
 */
const TOAST_DURATION_MS = 5000

/**
 * A phone's screen, where sonner spreads a toast across the width (its own breakpoint). There the
 * bottom is where the page's content is (the outcome of a code appears under the code box), so a
 * toast comes in at the top, over the header's bar, compact and clear of the notch (and, on the
 * dashboard, of the header's Menu button: dashboard.css).
 */
const NARROW_SCREEN = '(max-width: 600px)'
const NARROW_OFFSET = { top: 'calc(env(safe-area-inset-top, 0px) + 6px)', left: 6, right: 6 }

function subscribeToScreenWidth(onChange: () => void): () => void {
  const query = matchMedia(NARROW_SCREEN)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

const onNarrowScreen = () => matchMedia(NARROW_SCREEN).matches

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
  const narrow = useSyncExternalStore(subscribeToScreenWidth, onNarrowScreen)
  // Runs after sonner's own effect (a child's), i.e. once it has subscribed.
  useEffect(() => markMounted(), [])

  return (
    <SonnerToaster
      position={narrow ? 'top-center' : 'bottom-right'}
      mobileOffset={NARROW_OFFSET}
      duration={TOAST_DURATION_MS}
      closeButton
      theme="dark"
      className="toaster"
      containerAriaLabel={texts.notifications}
      toastOptions={{ closeButtonAriaLabel: texts.closeToast }}
    />
  )
}
