import { codeOfClaimPath, isClaimPath } from '@fernwood/protocol/codes'

/**
 * The code of the claim link (`/c/{code}`) the visitor opened, waiting for the dashboard's code box.
 * It waits in the tab's sessionStorage, so it survives 'Enter the Forest', 'Connect WAX Wallet'
 * and reloads, and no other tab sees it; it is only ever put in the box, never submitted.
 */
const STORAGE_KEY = 'fernwood.claimCode'

// sessionStorage can be unavailable (storage disabled): the code then waits in memory only.
let inMemory: string | undefined

function stored(): string | undefined {
  try {
    return sessionStorage.getItem(STORAGE_KEY) ?? undefined
  } catch {
    return inMemory
  }
}

function store(code: string | undefined): void {
  inMemory = code
  try {
    if (code === undefined) sessionStorage.removeItem(STORAGE_KEY)
    else sessionStorage.setItem(STORAGE_KEY, code)
  } catch {
    // kept in memory
  }
}

/**
 * Run once at start: when the page's address is a claim link, its code waits for the box, and
 * 'invalid' says the link held no valid code (its address is left at once; nothing waits).
 */
export function takeClaimLink(): 'none' | 'waiting' | 'invalid' {
  if (!isClaimPath(location.pathname)) return 'none'
  const code = codeOfClaimPath(location.pathname)
  if (code === undefined) {
    leaveClaimLinkAddress()
    return 'invalid'
  }
  store(code)
  return 'waiting'
}

/** The claim link's code, for the code box's first content. */
export function waitingClaimCode(): string | undefined {
  return stored()
}

/**
 * Called with the code box's content when it appears and whenever it changes. Holding the claim's
 * code, the box has taken it: the address becomes '/'. Once the visitor has submitted it (the box
 * empties) or typed another, the claim no longer waits.
 */
export function codeBoxChanged(code: string): void {
  const waiting = stored()
  if (waiting === undefined) return
  if (code === waiting) leaveClaimLinkAddress()
  else store(undefined)
}

/** Leaving the forest ends the claim too: the next visitor on this tab finds an empty box. */
export function forgetWaitingClaim(): void {
  store(undefined)
}

function leaveClaimLinkAddress(): void {
  if (isClaimPath(location.pathname)) history.replaceState(history.state, '', '/')
}
