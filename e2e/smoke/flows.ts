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
  codes: { typed: string; claimLink: string; nft: NftDemoCode }
}

/** The devchain's NFT demo codes (each pays an account once) and the NFT each pays. */
export const nftDemos = { 'ancient-relic': 'Ancient Relic', 'oak-acorn': 'Oak acorn' } as const
type NftDemoCode = keyof typeof nftDemos

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

/** A claim link's reward, on its page and in the moment after the claim. */
const claimTexts = {
  waiting: 'A reward waits for you',
  claim: (reward: string) => `Claim ${reward}`,
  claimed: 'Reward claimed!',
  paid: (account: string) => `Paid to ${account}.`,
}
const demoReward = '25.0000 FERN'
// As a claim link's button names it.
const demoRewardNamed = '25 FERN'

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
    name: "'Enter the Forest' opens the wallet's dialog; closed, the connect screen is there",
    async run(visitor) {
      await visitor.open('/')
      await visitor.sees({ role: 'heading', name: texts.title })
      await visitor.sees({ text: texts.tagline })
      await enterForest(visitor)
      await visitor.click(button(kitTexts.close, kitDialog))
      await visitor.seesNone(kitDialog)
      await visitor.sees(button(texts.connectWallet))
      await visitor.sees(button(texts.leaveForest))
      await visitor.seesNone(button(texts.enterForest))
    },
  },
  {
    name: "the kit's dialog lists the wallets, each with its logo",
    async run(visitor) {
      await enterForest(visitor)
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
    name: "an NFT's code is paid into Treasures as a card of its art, linked to its asset's page",
    async run(visitor, { codes }) {
      const name = nftDemos[codes.nft]
      const art: Query = { role: 'img', name: `${name}, the NFT` }
      await connectDevWallet(visitor, 'bob.wam')
      await visitor.fill(codeBox, codes.nft)
      await visitor.click(button(dashboardTexts.submitCode))
      await visitor.sees({ text: dashboardTexts.codeSubmitted })
      await visitor.sees({ ...art, within: paid(codes.nft) }, { loaded: true, ...payout })
      // 'Asset #…', the asset's own page; the transaction's link reads its id's ends instead.
      await visitor.sees({ role: 'link', text: '#', within: paid(codes.nft) })
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
    name: "a claim link's one button enters, connects and claims its reward, which the moment after shows paid",
    async run(visitor, { codes }) {
      const offer: Query = { role: 'region', name: claimTexts.waiting }
      await visitor.open(`/c/${codes.claimLink}`)
      await visitor.sees(offer, { text: demoRewardNamed })
      await visitor.click(button(claimTexts.claim(demoRewardNamed)))
      // The wallet's dialog opens by itself, and the claim goes once it has connected.
      await chooseDevWalletAccount(visitor, 'carol.wam')
      const moment: Query = { role: 'dialog', name: claimTexts.claimed }
      await visitor.sees(moment, { text: demoRewardNamed })
      await visitor.sees({ text: claimTexts.paid('carol.wam'), within: moment }, payout)
    },
  },
  {
    name: "the kit's language setting turns the app Korean",
    async run(visitor) {
      await enterForest(visitor)
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

/** 'Enter the Forest', which opens the kit's dialog at once: one step to a connected wallet. */
async function enterForest(visitor: Visitor): Promise<void> {
  await visitor.open('/')
  await visitor.click(button(texts.enterForest))
  await visitor.sees({ role: 'heading', name: kitTexts.loginTitle, within: kitDialog })
}

async function connectDevWallet(visitor: Visitor, account: string): Promise<void> {
  await enterForest(visitor)
  await chooseDevWalletAccount(visitor, account)
}

/** In the kit's dialog: the Dev Wallet, then `account`, and the dashboard shows it. */
async function chooseDevWalletAccount(visitor: Visitor, account: string): Promise<void> {
  await visitor.click(button('Dev Wallet', kitDialog))
  await visitor.click(button(kitTexts.account(account), kitDialog))
  await visitor.sees({ text: walletTexts.waxAccount(account) })
}
