/**
 * A fern frond on a rounded tile; two colourings so it reads on light and dark modals. `badge`
 * adds a mark in the corner, for the plugins beside the Dev Wallet.
 */
function fernLogo(tile: string, frond: string, badge = ''): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${tile}"/>${badge}<path d="M32 54V14" stroke="${frond}" stroke-width="3" stroke-linecap="round"/><path d="M32 22c-6-1-10-4-12-8M32 22c6-1 10-4 12-8M32 32c-8-1-13-5-15-10M32 32c8-1 13-5 15-10M32 42c-9-1-15-6-17-11M32 42c9-1 15-6 17-11" stroke="${frond}" stroke-width="3" fill="none" stroke-linecap="round"/></svg>`
  return `data:image/svg+xml;base64,${btoa(svg)}`
}

export const devWalletLogo = {
  light: fernLogo('#e8f3ea', '#2f6b3a'),
  dark: fernLogo('#1f3324', '#9fd9a8'),
}

/** A plus sign in the top corner: the Dev Account Creator adds accounts. */
const plusBadge = (colour: string) =>
  `<path d="M50 6v16M42 14h16" stroke="${colour}" stroke-width="4" stroke-linecap="round"/>`

export const devAccountCreatorLogo = {
  light: fernLogo('#e8f3ea', '#2f6b3a', plusBadge('#2f6b3a')),
  dark: fernLogo('#1f3324', '#9fd9a8', plusBadge('#9fd9a8')),
}
