import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { toast } from 'sonner'
import { App } from './App'
import { loadConfig } from './config/store'
import { checkSession } from './session/store'
import { texts } from './texts'
import { errorMessage } from './ui/errorMessage'
import { toasterMounted } from './ui/Toaster'
import './styles/theme.css'

// Both start before React renders so the loading screen lasts no longer than the requests.
loadConfig().catch(() => {
  // Screens fall back to their defaults; whoever needs the config next asks again.
})
checkSession().catch(async (error: unknown) => {
  await toasterMounted
  toast.error(texts.initFailed(errorMessage(error)))
})

const root = document.getElementById('root')
if (!root) throw new Error('index.html lacks the #root element')

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
