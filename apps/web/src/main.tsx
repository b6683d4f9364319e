import { type ReactNode, StrictMode, Suspense } from 'react'
import { createRoot } from 'react-dom/client'
import { toast } from 'sonner'
import { App } from './app'
import { previewWaitingClaim } from './claim-link/claim'
import { startOneTapClaim } from './claim-link/claim-sending'
import { takeClaimLink } from './claim-link/waiting-claim'
import { loadConfig } from './config/store'
import { KioskScreen, onKioskPage } from './console/route'
import { currentTexts, startLanguage } from './i18n/current'
import { checkSession } from './session/store'
import { startTheme } from './theme/site-theme'
import { errorMessage } from './ui/error-message'
import { toasterMounted } from './ui/toaster'
import './styles/theme.css'

/** What a visitor's page asks before React renders, so the loading screen lasts no longer. */
function startVisit() {
  loadConfig().catch(() => {
    // Screens fall back to their defaults; whoever needs the config next asks again.
  })
  checkSession().catch(async (error: unknown) => {
    await toasterMounted
    toast.error(currentTexts().initFailed(errorMessage(error)))
  })

  if (takeClaimLink() === 'invalid') {
    void toasterMounted.then(() => toast.error(currentTexts().claimLinkInvalid))
  }
  // What a claim link pays is shown before entering: asked beside the session check.
  void previewWaitingClaim()
  startOneTapClaim()
}

// Before anything is painted: the visitor's chosen theme, where it differs from the system's.
startTheme()

const root = document.getElementById('root')
if (!root) throw new Error('index.html lacks the #root element')

// A kiosk tablet runs on its kiosk link alone: it neither checks nor makes a visitor's session.
const onKiosk = onKioskPage()
if (!onKiosk) startVisit()
const page: ReactNode = onKiosk ? (
  <Suspense>
    <KioskScreen />
  </Suspense>
) : (
  <App />
)

// The first screen is painted in the visitor's language: its texts (a small chunk, fetched while
// the session is checked) are awaited; English's are already here.
void startLanguage().then(() => {
  createRoot(root).render(<StrictMode>{page}</StrictMode>)
})
