import type { Locator, Page } from '@playwright/test'
import { toast } from '../screens'
import { bindWallet } from '../support/bind-wallet'
import { enterDashboard } from '../support/dashboard'
import { dashboardTexts, kitButtons, texts, walletTexts } from '../texts'
import { expect, kitDialog, openWalletLogin, test, walletOption } from '../wallet-fixtures'

// Fernwood in the wallet kit's languages, following the kit's own Settings > Language. The texts
// are written out here, independently of the app's language files.
const korean = {
  title: 'Fernwood 숲',
  tagline: '자동으로 보상이 쌓이는 마법의 숲으로 들어오세요.',
  enterForest: '숲으로 들어가기',
  connectWallet: 'WAX 지갑 연결',
  connectWalletIntro: 'WAX 지갑을 연결하고 보상을 모으기 시작하세요.',
  submitCodeTitle: '숲의 코드 제출',
  submitCode: '숲의 정령에게 보내기',
  treasuresTitle: '숲의 보물',
  logout: '로그아웃',
  codePlaceholder: '마법의 코드를 입력하세요...',
  language: '언어',
  walletConnected: (account: string) => `WAX 지갑이 연결되었어요: ${account}`,
  // The kit's dialog: its own title, and the names we give its header buttons.
  kitLogin: '로그인',
  kitSettings: '설정',
  kitClose: '닫기',
  kitBack: '뒤로',
}
const turkish = {
  submitCodeTitle: 'Orman Kodu Gönder',
  submitCode: 'Orman Ruhlarına Gönder',
  treasuresTitle: 'Orman Hazineleri',
  logout: 'Çıkış Yap',
  codePlaceholder: 'Büyülü kodunu gir...',
}

/** The dashboard's texts this spec compares, read from the page (behind the kit's dialog too). */
function dashboard(page: Page) {
  return {
    submitTitle: page.locator('.panel--submit .panel__title'),
    treasuresTitle: page.locator('.panel--treasures .panel__title'),
    submitButton: page.locator('.submit-code__button'),
    codeBox: page.locator('.enter-code__input'),
    logout: page.locator('.dashboard__action').last(),
  }
}

/** The dashboard shows `words` (behind the kit's dialog too), and the page says it is in `lang`. */
async function expectDashboardIn(page: Page, words: typeof turkish, lang: string) {
  const screen = dashboard(page)
  await expect(screen.submitTitle).toHaveText(words.submitCodeTitle)
  await expect(screen.treasuresTitle).toHaveText(words.treasuresTitle)
  await expect(screen.submitButton).toHaveText(words.submitCode)
  await expect(screen.codeBox).toHaveAttribute('placeholder', words.codePlaceholder)
  await expect(screen.logout).toHaveText(words.logout)
  await expect(page.locator('html')).toHaveAttribute('lang', lang)
}

/** Picks a language on the kit's Settings > Language page, by the name the kit lists it under. */
async function chooseKitLanguage(dialog: Locator, language: string) {
  await dialog.getByText(language, { exact: true }).click()
}

test("the kit's language setting changes the dashboard's texts live, and English is the spec's again", async ({
  page,
}) => {
  // The dashboard arrives behind the kit's open dialog: the wallet is bound meanwhile.
  const dialog = await openWalletLogin(page)
  await bindWallet(page, 'alice.wam')
  const screen = dashboard(page)
  await expect(screen.submitTitle).toHaveText(dashboardTexts.submitCodeTitle)

  await dialog.getByRole('button', { name: kitButtons.settings }).click()
  await dialog.getByRole('button', { name: /^Language/ }).click()

  await chooseKitLanguage(dialog, '한국어')
  await expectDashboardIn(page, korean, 'ko')
  await chooseKitLanguage(dialog, 'Türkçe')
  await expectDashboardIn(page, turkish, 'tr')

  // The kit's plain 中文 shows Simplified Chinese, its 中文繁体 Traditional.
  await chooseKitLanguage(dialog, '中文')
  await expect(screen.submitTitle).toHaveText('提交森林兑换码')
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans')
  await chooseKitLanguage(dialog, '中文繁体')
  await expect(screen.submitTitle).toHaveText('提交森林兌換碼')
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant')

  await chooseKitLanguage(dialog, 'English')
  await page.keyboard.press('Escape')
  await expect(kitDialog(page)).toBeHidden()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByText(walletTexts.waxAccount('alice.wam'))).toBeVisible()
  await expect(page.getByRole('heading', { name: dashboardTexts.submitCodeTitle })).toBeVisible()
  await expect(page.getByRole('heading', { name: dashboardTexts.treasuresTitle })).toBeVisible()
  await expect(page.getByRole('button', { name: dashboardTexts.submitCode })).toBeVisible()
  await expect(page.getByPlaceholder(dashboardTexts.codePlaceholder)).toBeVisible()
  await expect(page.getByRole('button', { name: walletTexts.logout })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: texts.title })).toBeVisible()
})

test('the chosen language stays for the next visit, from its first screen', async ({ page }) => {
  const dialog = await openWalletLogin(page)
  await dialog.getByRole('button', { name: kitButtons.settings }).click()
  await dialog.getByRole('button', { name: /^Language/ }).click()
  await chooseKitLanguage(dialog, '한국어')
  // Behind the dialog (inert, so out of the accessibility tree) the screen is Korean already.
  await expect(page.getByText(korean.connectWalletIntro)).toBeVisible()

  await page.reload()
  await expect(page.getByRole('button', { name: korean.connectWallet })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko')
})

test('the language is chosen on the first screen, before entering, and the dialog entering opens speaks it', async ({
  page,
}) => {
  await page.goto('/')
  await page.getByRole('combobox', { name: dashboardTexts.language }).selectOption('ko')
  await expect(page.getByRole('heading', { level: 1, name: korean.title })).toBeVisible()
  await expect(page.getByText(korean.tagline)).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko')
  // The kit's own setting: the choice is the kit's language too, and the next visit's.
  expect(
    await page.evaluate(
      () => JSON.parse(localStorage.getItem('wharf-web.renderer-settings') ?? '{}').language,
    ),
  ).toBe('ko')

  await page.getByRole('button', { name: korean.enterForest }).click()
  const dialog = kitDialog(page)
  await expect(dialog.getByRole('heading', { name: korean.kitLogin, exact: true })).toBeVisible()
  await expect(dialog.getByRole('button', { name: korean.kitClose, exact: true })).toBeVisible()
})

test.describe('a first visit with a Korean browser', () => {
  test.use({ locale: 'ko-KR' })

  test('starts in Korean, on the login screen and on the dashboard', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: korean.title })).toBeVisible()
    await expect(page.getByText(korean.tagline)).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko')

    await page.getByRole('button', { name: korean.enterForest }).click()
    // Entering opens the wallet's dialog; closed, the connect-wallet screen is Korean too.
    const dialog = kitDialog(page)
    await expect(dialog.getByRole('heading', { name: korean.kitLogin, exact: true })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('button', { name: korean.connectWallet })).toBeVisible()
    await bindWallet(page, 'alice.wam')
    await expect(page.getByRole('heading', { name: korean.submitCodeTitle })).toBeVisible()
    await expect(page.getByRole('button', { name: korean.submitCode })).toBeVisible()
    await expect(page.getByText(texts.enterForest)).toHaveCount(0)
  })
})

test('the language switch on the dashboard changes its texts live, and is the kit’s own setting', async ({
  page,
}) => {
  await enterDashboard(page, 'alice.wam')
  await page.getByRole('combobox', { name: dashboardTexts.language }).selectOption('ko')
  await expect(page.getByRole('heading', { name: korean.submitCodeTitle })).toBeVisible()
  await expect(page.getByRole('button', { name: korean.submitCode })).toBeVisible()
  await expect(page.getByRole('button', { name: korean.logout, exact: true })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko')
  // Hangul has no italic: the placeholder stands upright.
  const placeholderStyle = await page
    .getByPlaceholder(korean.codePlaceholder)
    .evaluate((box) => getComputedStyle(box, '::placeholder').fontStyle)
  expect(placeholderStyle).toBe('normal')
  const kitLanguage = () =>
    page.evaluate(
      () => JSON.parse(localStorage.getItem('wharf-web.renderer-settings') ?? '{}').language,
    )
  expect(await kitLanguage()).toBe('ko')

  // The next visit, and the kit's dialog, start in it.
  await page.reload()
  await expect(page.getByRole('heading', { name: korean.submitCodeTitle })).toBeVisible()
  await page.getByRole('combobox', { name: korean.language }).selectOption('en')
  await expect(page.getByRole('heading', { name: dashboardTexts.submitCodeTitle })).toBeVisible()
  expect(await kitLanguage()).toBe('en')
})

test("a language picked on the dashboard is the kit dialog's next language, without a reload", async ({
  page,
}) => {
  await enterDashboard(page, 'alice.wam')
  // The kit loads, in English, once the visitor has entered; its element is its renderer's.
  await expect(page.locator('#wharfkit-web-ui')).toBeAttached()
  await page.getByRole('combobox', { name: dashboardTexts.language }).selectOption('ko')
  await page.getByRole('button', { name: korean.logout, exact: true }).click()
  // Entering opens the kit's dialog by itself.
  await page.getByRole('button', { name: korean.enterForest }).click()

  const dialog = kitDialog(page)
  await expect(dialog.getByRole('heading', { name: korean.kitLogin, exact: true })).toBeVisible()
  await expect(dialog.getByRole('button', { name: korean.kitSettings, exact: true })).toBeVisible()
  await expect(dialog.getByRole('button', { name: korean.kitClose, exact: true })).toBeVisible()
})

test("Korean chosen in the kit's dialog mid-login words the login's outcome in Korean", async ({
  page,
}) => {
  const dialog = await openWalletLogin(page)
  await dialog.getByRole('button', { name: kitButtons.settings }).click()
  await dialog.getByRole('button', { name: /^Language/ }).click()
  await chooseKitLanguage(dialog, '한국어')
  // The header's buttons are named in the language just chosen.
  await dialog.getByRole('button', { name: korean.kitBack, exact: true }).click()
  await dialog.getByRole('button', { name: korean.kitBack, exact: true }).click()
  await expect(dialog.getByRole('button', { name: korean.kitSettings, exact: true })).toBeVisible()
  await expect(dialog.getByRole('button', { name: korean.kitClose, exact: true })).toBeVisible()
  await walletOption(dialog, 'Dev Wallet').click()
  await dialog.getByRole('button', { name: 'alice.wam@active' }).click()
  await expect(toast(page, korean.walletConnected('alice.wam'))).toBeVisible()
})
