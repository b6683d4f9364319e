import { codeOfClaimPath, isClaimPath } from '@fernwood/protocol/codes'

/**
 * The code of the claim link (`/c/{code}`) the visitor opened, waiting to be claimed on the
 * dashboard. It waits in the tab's sessionStorage, so it survives 'Enter the Forest', 'Connect
 * WAX Wallet' and reloads, and no other tab sees it; it is only ever submitted by the visitor's
 * own tap.
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
 * Run once at start: when the page's address is a claim link, its code waits, and 'invalid' says
 * the link held no valid code (its address is left at once; nothing waits).
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

/** The claim link's code still waiting, if any. */
export function waitingClaimCode(): string | undefined {
  return stored()
}

/** The claim is over (claimed, put off, or found to pay nothing): nothing waits any more. */
export function forgetWaitingClaim(): void {
  store(undefined)
}

/**
 * Once the dashboard offers the claim, the address becomes '/': the code waits in the tab, not
 * in an address a reload, a bookmark or a shared screen would carry on.
 */
export function leaveClaimLinkAddress(): void {
  if (isClaimPath(location.pathname)) history.replaceState(history.state, '', '/')
}
