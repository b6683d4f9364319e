import type { Texts } from './en'
import { PRODUCT_NAME } from './product'

// Simplified Chinese, also the kit's plain "中文" (see languages.ts): light and friendly, 你 not 您.
const forest = `${PRODUCT_NAME} 森林`

const zhHans: Texts = {
  title: forest,
  loading: `正在进入 ${forest}...`,
  tagline: '走进自动发放奖励的魔法森林。',
  enterForest: '进入森林',
  entering: '正在进入...',
  signInSucceeded: `已成功连接到 ${forest}！`,
  signInFailed: (message) => `连接失败：${message}`,
  initFailed: (message) => `${PRODUCT_NAME} 初始化失败：${message}`,

  connectWalletIntro: '连接你的 WAX 钱包，开始收集奖励吧。',
  connectWallet: '连接 WAX 钱包',
  connectingWallet: '正在连接...',
  walletConnected: (account) => `WAX 钱包已连接：${account}`,
  walletNotInitialized: 'WAX 钱包系统尚未初始化。',
  walletConnectionCancelled: '已取消连接钱包。',
  leaveForest: '离开森林',
  signOutFailed: (message) => `没能离开森林：${message}`,

  kitSubtitle: (productName) => `登录 ${productName}`,
  mobileWalletCancelled: '请求已在移动钱包中取消。',
  mobileWalletInvalidResponse:
    '移动钱包的响应无效，必须包含 link_ch、link_key、link_name 和 cid 字段。',

  createAccountOffer: '还没有 WAX 账户？创建一个',
  createAccountTitle: '创建 WAX 账户',
  accountNameLabel: '新账户名',
  accountNameHint: '正好 12 个字符：小写字母 a-z 和数字 1-5。',
  createAccount: '创建账户',
  creatingAccount: '正在创建...',
  cancelCreateAccount: '取消',
  accountNameInvalid: '账户名必须正好 12 个字符：小写字母 a-z 和数字 1-5。',
  accountNameTaken: (account) => `账户名 ${account} 已被占用。`,
  accountCreated: (account) => `WAX 账户 ${account} 已创建。点击“连接 WAX 钱包”来连接它吧。`,
  accountCreationCancelled: '已取消创建账户。',
  accountCreationFailed: (message) => `没能创建账户：${message}`,

  screenFailedTitle: '森林小路被挡住了',
  screenFailed: (message) => `森林的这一片没能加载出来：${message}`,
  reload: '再试一次',

  waxAccount: (account) => `WAX：${account}`,
  balance: (amount) => `余额：${amount}`,
  logout: '退出登录',
  help: '帮助',

  submitCodeTitle: '提交森林兑换码',
  submitCodeMethods: '输入兑换码的方式',
  enterCodeTab: '输入兑换码',
  scanQrTab: '扫描二维码',
  uploadQrTab: '上传二维码',
  codeLabel: '森林兑换码',
  codePlaceholder: '输入你的魔法兑换码...',
  submitCode: '交给森林精灵',
  submittingCode: '正在提交...',
  codeSubmitted: '兑换码已提交！森林精灵正在处理你的奖励...',
  codeInvalid: '请连接你的钱包并输入有效的兑换码。',
  startScanning: '睁开森林之眼',
  stopScanning: '闭上森林之眼',
  cameraView: '摄像头画面',
  scanHint: '把摄像头对准森林兑换码。',
  scannerLoading: '二维码扫描器还在加载中...',
  scannerLoadFailed: '没能加载二维码扫描组件。',
  cameraFailed: '无法启动摄像头，请允许使用摄像头。',
  selectQrImage: '选择二维码图片',
  uploadHint: '选一张森林兑换码的照片或截图。',
  noQrInImage: '图片中没有找到二维码，或者图片无效。',
  codeDetected: (code) => `发现森林兑换码：${code}`,
  claimLinkInvalid: '这个链接里没有有效的森林兑换码。',
  qrOtherSite: (host) => `这个二维码指向 ${host}，不是 ${PRODUCT_NAME}，所以没有使用。`,

  activityTitle: '森林精灵动态',
  rewardStatus: {
    pending: '等待中',
    processing: '处理中',
    confirming: '确认中',
    rejected: '已拒绝',
  },
  rejection: {
    unknown_code: '这个兑换码不存在。',
    not_started: '这个活动还没开始。',
    ended: '这个活动已经结束了。',
    fully_claimed: '这份奖励已经被领完了。',
  },
  dismiss: '移除',
  dismissCode: (code) => `移除 ${code}`,
  dismissFailed: (message) => `没能移除这个兑换码：${message}`,
  confirmingNote: '已上链；所在区块不可逆后即为最终结果。',

  treasuresTitle: '森林宝藏',
  noTreasures: '还没有收集到宝藏。',
  totalEarned: (totals) => `累计获得：${totals}`,
  showOlderTreasures: '查看更早的',
  loadingOlderTreasures: '正在加载更早的宝藏...',
  olderTreasuresFailed: (message) => `没能加载更早的宝藏：${message}`,
  showOlderActivity: '查看更早的',
  loadingOlderActivity: '正在加载更早的动态...',
  olderActivityFailed: (message) => `没能加载更早的动态：${message}`,
  rewardAmount: (amount) => `+${amount}`,
  transaction: 'TX：',
  transactionLinkLabel: (id) => `在区块浏览器中查看交易 ${id}（在新标签页中打开）`,
  copy: '复制',
  copyTransactionId: (id) => `复制交易 ID ${id}`,
  transactionIdCopied: '交易 ID 已复制。',
  transactionIdCopyFailed: (message) => `没能复制交易 ID：${message}`,

  close: '关闭',
  helpTitle: `${forest} 奖励指南`,
  helpSteps: [
    {
      title: '进入森林',
      text: '点击“进入森林”，开始一次匿名访问。不需要账户，也不需要密码。',
    },
    {
      title: '连接你的 WAX 钱包',
      text: '点击“连接 WAX 钱包”，并在钱包中批准登录。奖励会发放到这个账户。',
    },
    {
      title: '提交森林兑换码',
      text: '输入兑换码、用摄像头扫描它的二维码，或者上传它的图片，然后交给森林精灵。',
    },
  ],
  helpWelcomeNote: (welcomeCode, bonus, token) =>
    `初来森林？先在这里领取欢迎兑换码 ${welcomeCode}，再到质押网站质押，就能收到 ${bonus} ${token} 的欢迎奖励。`,
  claimCompleteTitle: '领取完成！',
  claimCompleteText: '森林精灵已经处理好你的欢迎兑换码。',
  claimCompleteNext: '你的欢迎奖励正在质押网站上等着你。',
  claimBonus: (bonus, token) => `立即领取 ${bonus} ${token}`,
  opensInNewTab: '（在新标签页中打开）',

  devchainPublicTitle: '演示链：',
  devchainPublicWarning:
    '本站运行在一条密钥公开的开发链上，任何人都能以任意账户签名并花掉其中的资产。这里没有真钱。',

  closeToast: '关闭通知',
  notifications: '通知',

  serverErrors: {
    NETWORK: '连不上森林。请检查网络连接后再试一次。',
    NOT_SIGNED_IN: '请先进入森林再继续。',
    CROSS_ORIGIN_REFUSED: `这个请求必须来自 ${PRODUCT_NAME} 网站本身。`,
    RATE_LIMITED: (wait) => (wait ? `请求太多了，请 ${wait}后再试。` : '请求太多了，请稍后再试。'),
    CODE_INVALID: '请连接你的钱包并输入有效的兑换码。',
    CODE_DUPLICATE: '这个钱包已经使用或提交过这个兑换码。',
    CODES_RATE_LIMITED: (wait) =>
      wait ? `提交的兑换码太多了，请 ${wait}后再试。` : '提交的兑换码太多了，请稍后再试。',
    CODE_LOCKED_OUT: (wait) =>
      wait ? `无效的兑换码太多了，请 ${wait}后再试。` : '无效的兑换码太多了，请稍后再试。',
    REWARD_NOT_DISMISSIBLE: '只能移除你钱包里被拒绝的兑换码。',
    WALLET_CHALLENGE_INVALID: '这个登录请求已过期或已被使用，请重新连接。',
    WALLET_PROOF_MISSING: '钱包没有提供账户所有权证明。',
    WALLET_PROOF_MALFORMED: '无法读取钱包的证明。',
    WALLET_PROOF_WRONG_CHAIN: '钱包证明的是另一条链上的账户。',
    WALLET_PROOF_WRONG_SCOPE: '钱包的证明是为另一个应用生成的。',
    WALLET_PROOF_WRONG_ACCOUNT: '钱包的证明属于另一个账户。',
    WALLET_PROOF_EXPIRED: '钱包的证明已过期，请重新连接。',
    WALLET_PROOF_REPLAYED: '这个钱包证明已经用过了。',
    WALLET_PROOF_SIGNATURE_INVALID: '钱包的证明不是由该账户的密钥签名的。',
    WALLET_ACCOUNT_NOT_FOUND: '这条链上没有这个账户。',
    WALLET_CHAIN_UNAVAILABLE: '无法连接区块链来验证钱包，请再试一次。',
  },
}

export default zhHans
