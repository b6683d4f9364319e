import type { Browser } from '@playwright/test'
import { openConsoleQuicklyAs } from '../support/console'

/** The operator the screenshots' server names in ADMIN_ACCOUNTS. */
export const OPERATOR = 'carol.wam'

export type ShotDevice = 'desktop' | 'phone' | 'tablet'

/** The devices the visitor's screens are shot on: each claims codes of its own, a wallet may use a shared code once. */
export const visitorDevices = ['desktop', 'phone'] as const satisfies ShotDevice[]

const relic = 'fernwoodnfts:1'
// Far beyond a run: the NFT stays pending, its art veiled, for as long as the shots take.
const anHour = 3600

/** The codes of the campaigns made for the shots, one of each kind per device. */
export function codesFor(device: ShotDevice) {
  return {
    pendingNft: `shots-later-${device}`,
    paidNft: `shots-relic-${device}`,
    paidToken: `shots-fern-${device}`,
    momentPending: `shots-moment-later-${device}`,
    momentNft: `shots-moment-relic-${device}`,
    momentToken: `shots-moment-fern-${device}`,
  }
}

/** The unique-code campaign the kiosk and the console's rows show. */
export const kioskCampaign = { slug: 'lantern-walk', name: 'Lantern walk' } as const

/**
 * Creates, through the console's API as the operator, every campaign the shots claim from:
 * shared codes that pay at once or wait an hour, of FERN or of an NFT, and the kiosk's.
 */
export async function createShotCampaigns(browser: Browser, baseURL: string): Promise<void> {
  const context = await browser.newContext({ baseURL })
  try {
    const page = await context.newPage()
    await openConsoleQuicklyAs(page, OPERATOR)
    const headers = { origin: new URL(page.url()).origin }
    const create = async (data: Record<string, unknown>) => {
      const response = await page.request.post('/api/admin/campaigns', { headers, data })
      if (response.status() !== 201) {
        throw new Error(`creating ${data.slug}: ${response.status()} ${await response.text()}`)
      }
    }
    for (const device of visitorDevices) {
      const codes = codesFor(device)
      const shared = (code: string, name: string, reward: Record<string, unknown>) =>
        create({ slug: code, name, kind: 'shared', code, humanCheck: 'off', ...reward })
      await shared(codes.pendingNft, 'Fern frond, later', { nft: relic, payoutDelay: anHour })
      await shared(codes.paidNft, 'Fern frond', { nft: relic })
      await shared(codes.paidToken, 'Morning dew', { reward: '5.0000 FERN' })
      await shared(codes.momentPending, 'Fern frond, later', { nft: relic, payoutDelay: anHour })
      await shared(codes.momentNft, 'Fern frond', { nft: relic })
      await shared(codes.momentToken, 'Morning dew', { reward: '5.0000 FERN' })
    }
    await create({ ...kioskCampaign, kind: 'unique', reward: '1.0000 FERN' })
  } finally {
    await context.close()
  }
}
