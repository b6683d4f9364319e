import { join } from 'node:path'
import { writeQrPng } from '../support/qr-media'
import { dashboardTexts, texts, walletTexts } from '../texts'
import type { Query, Visitor } from './visitor'

/** What a flow gets besides its visitor. */
export interface FlowContext {
  /** A folder of this run's own, for the files a visitor uploads. */
  folder: string
  /**
   * The devchain's demo codes this browser's flows spend: each pays once per server, and the
   * browsers share one.
   */
  codes: { typed: string; claimLink: string }
}

/** One of the visitor's main flows, walked through in each browser by a new visitor. */
export interface Flow {
  name: string
  run(visitor: Visitor, context: FlowContext): Promise<void>
}

/** The wallet kit's own texts (@wharfkit/web-renderer) and the wallets it offers on the devchain. */
const kitTexts = {
  loginTitle: 'Login',
  loginIntro: 'Connect your wallet to login',
  settings: 'Settings',
  close: 'Close',
  language: 'Language',
  account: (account: string) => `${account}@active`,
}
const devchainWallets = ['Dev Wallet', 'Dev Wallet (enter account)', 'Cloud Wallet', 'Anchor']

/** A claim link's reward, on the way in and on the dashboard. */
const claimTexts = {
  waiting: 'A reward waits for you',
  claim: (reward: string) => `Claim ${reward}`,
}
const demoReward = '25.0000 FERN'

/** The connect screen in Korean, written out independently of the app's language files. */
const korean = {
  languageName: '한국어',
  connectWallet: 'WAX 지갑 연결',
  connectWalletIntro: 'WAX 지갑을 연결하고 보상을 모으기 시작하세요.',
  // The kit's header buttons take the page's language with the rest of it.
  kitClose: '닫기',
}

const kitDialog: Query = { role: 'dialog' }
const codeBox: Query = { role: 'textbox', placeholder: dashboardTexts.codePlaceholder }
const treasures: Query = { role: 'region', name: dashboardTexts.treasuresTitle }
const button = (name: string, within?: Query): Query => ({ role: 'button', name, within })
const paid = (code: string): Query => ({ role: 'listitem', text: code, within: treasures })
// Paying goes through the devchain and the reward worker: slower than anything on screen.
const payout = { timeoutMs: 30_000 }

export const flows: Flow[] = [
  {
    name: "'Enter the Forest' leads from the login screen to the connect screen",
    async run(visitor) {
      await visitor.open('/')
      await visitor.sees({ role: 'heading', name: texts.title })
      await visitor.sees({ text: texts.tagline })
      await visitor.click(button(texts.enterForest))
      await visitor.sees(button(texts.connectWallet))
      await visitor.sees(button(texts.leaveForest))
      await visitor.seesNone(button(texts.enterForest))
    },
  },
  {
    name: "'Connect WAX Wallet' opens the kit's dialog listing the wallets, each with its logo",
    async run(visitor) {
      await enterForest(visitor)
      await visitor.click(button(texts.connectWallet))
      await visitor.sees({ role: 'heading', name: kitTexts.loginTitle, within: kitDialog })
      await visitor.sees({ text: kitTexts.loginIntro, within: kitDialog })
      for (const wallet of devchainWallets) {
        await visitor.sees(button(wallet, kitDialog), { one: true })
        await visitor.sees(
          { role: 'img', name: `${wallet} logo`, within: kitDialog },
          { loaded: true },
        )
      }
    },
  },
  {
    name: 'connecting the Dev Wallet as alice.wam shows her dashboard',
    async run(visitor) {
      await connectDevWallet(visitor, 'alice.wam')
      await visitor.sees({ text: walletTexts.connected('alice.wam') })
      await visitor.seesNone(kitDialog)
      await visitor.sees({ role: 'heading', name: dashboardTexts.submitCodeTitle })
    },
  },
  {
    name: 'a typed code is submitted and paid into the history',
    async run(visitor, { codes }) {
      await connectDevWallet(visitor, 'alice.wam')
      await visitor.fill(codeBox, codes.typed)
      await visitor.click(button(dashboardTexts.submitCode))
      await visitor.sees({ text: dashboardTexts.codeSubmitted })
      await visitor.sees(paid(codes.typed), { text: `+${demoReward}`, ...payout })
    },
  },
  {
    name: 'an uploaded picture of a QR code fills the box with its code',
    async run(visitor, { folder }) {
      const image = join(folder, 'forest-code.png')
      await writeQrPng(image, 'willow-wisp')
      await connectDevWallet(visitor, 'bob.wam')
      await visitor.click({ role: 'tab', name: dashboardTexts.uploadQrTab })
      await visitor.sees(button(dashboardTexts.selectQrImage))
      await visitor.chooseFile(image)
      await visitor.sees({ text: dashboardTexts.codeDetected('willow-wisp') })
      await visitor.sees(codeBox, { value: 'willow-wisp' })
    },
  },
  {
    name: 'a claim link shows its reward, and once entered and connected one tap claims it',
    async run(visitor, { codes }) {
      const offer: Query = { role: 'region', name: claimTexts.waiting }
      await visitor.open(`/c/${codes.claimLink}`)
      await visitor.sees(offer, { text: demoReward })
      await visitor.click(button(texts.enterForest))
      // Entered for a claim, the wallet's dialog is the next step: it opens by itself.
      await chooseDevWalletAccount(visitor, 'carol.wam')
      await visitor.click(button(claimTexts.claim(demoReward), offer))
      await visitor.sees(paid(codes.claimLink), { text: `+${demoReward}`, ...payout })
    },
  },
  {
    name: "the kit's language setting turns the app Korean",
    async run(visitor) {
      await enterForest(visitor)
      await visitor.click(button(texts.connectWallet))
      await visitor.click(button(kitTexts.settings, kitDialog))
      await visitor.click({ role: 'button', text: kitTexts.language, within: kitDialog })
      await visitor.click({ text: korean.languageName, exact: true, within: kitDialog })
      await visitor.seesLanguage('ko')
      await visitor.click(button(korean.kitClose, kitDialog))
      await visitor.seesNone(kitDialog)
      await visitor.sees(button(korean.connectWallet))
      await visitor.sees({ text: korean.connectWalletIntro })
    },
  },
]

async function enterForest(visitor: Visitor): Promise<void> {
  await visitor.open('/')
  await visitor.click(button(texts.enterForest))
  await visitor.sees(button(texts.connectWallet))
}

async function connectDevWallet(visitor: Visitor, account: string): Promise<void> {
  await enterForest(visitor)
  await visitor.click(button(texts.connectWallet))
  await chooseDevWalletAccount(visitor, account)
}

/** In the kit's dialog: the Dev Wallet, then `account`, and the dashboard shows it. */
async function chooseDevWalletAccount(visitor: Visitor, account: string): Promise<void> {
  await visitor.click(button('Dev Wallet', kitDialog))
  await visitor.click(button(kitTexts.account(account), kitDialog))
  await visitor.sees({ text: walletTexts.waxAccount(account) })
}
