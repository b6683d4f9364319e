import type { Texts } from './en'
import { PRODUCT_NAME } from './product'

// Traditional Chinese, in Taiwan's usage (帳戶, QR 碼, 相機, 分頁): light and friendly, 你 not 您.
const forest = `${PRODUCT_NAME} 森林`

const zhHant: Texts = {
  title: forest,
  loading: `正在進入 ${forest}...`,
  tagline: '走進自動發放獎勵的魔法森林。',
  enterForest: '進入森林',
  entering: '正在進入...',
  signInSucceeded: `已成功連線到 ${forest}！`,
  signInFailed: (message) => `連線失敗：${message}`,
  initFailed: (message) => `${PRODUCT_NAME} 初始化失敗：${message}`,

  connectWalletIntro: '連結你的 WAX 錢包，開始收集獎勵吧。',
  connectWallet: '連結 WAX 錢包',
  connectingWallet: '正在連結...',
  walletConnected: (account) => `WAX 錢包已連結：${account}`,
  walletNotInitialized: 'WAX 錢包系統尚未初始化。',
  walletConnectionCancelled: '已取消連結錢包。',
  leaveForest: '離開森林',
  signOutFailed: (message) => `沒能離開森林：${message}`,

  kitSubtitle: (productName) => `登入 ${productName}`,
  mobileWalletCancelled: '請求已在行動錢包中取消。',
  mobileWalletInvalidResponse:
    '行動錢包的回應無效，必須包含 link_ch、link_key、link_name 和 cid 欄位。',

  createAccountOffer: '還沒有 WAX 帳戶？建立一個',
  createAccountTitle: '建立 WAX 帳戶',
  accountNameLabel: '新帳戶名稱',
  accountNameHint: '剛好 12 個字元：小寫字母 a-z 和數字 1-5。',
  createAccount: '建立帳戶',
  creatingAccount: '正在建立...',
  cancelCreateAccount: '取消',
  accountNameInvalid: '帳戶名稱必須剛好 12 個字元：小寫字母 a-z 和數字 1-5。',
  accountNameTaken: (account) => `帳戶名稱 ${account} 已經有人使用了。`,
  accountCreated: (account) => `WAX 帳戶 ${account} 已建立。點「連結 WAX 錢包」來連結它吧。`,
  accountCreationCancelled: '已取消建立帳戶。',
  accountCreationFailed: (message) => `沒能建立帳戶：${message}`,

  screenFailedTitle: '森林小徑被擋住了',
  screenFailed: (message) => `森林的這一區沒能載入：${message}`,
  reload: '再試一次',

  waxAccount: (account) => `WAX：${account}`,
  balance: (amount) => `餘額：${amount}`,
  logout: '登出',
  help: '說明',

  submitCodeTitle: '提交森林兌換碼',
  submitCodeMethods: '輸入兌換碼的方式',
  enterCodeTab: '輸入兌換碼',
  scanQrTab: '掃描 QR 碼',
  uploadQrTab: '上傳 QR 碼',
  codeLabel: '森林兌換碼',
  codePlaceholder: '輸入你的魔法兌換碼...',
  submitCode: '交給森林精靈',
  submittingCode: '正在提交...',
  codeSubmitted: '兌換碼已提交！森林精靈正在處理你的獎勵...',
  codeInvalid: '請連結你的錢包並輸入有效的兌換碼。',
  startScanning: '睜開森林之眼',
  stopScanning: '閉上森林之眼',
  cameraView: '相機畫面',
  scanHint: '把相機對準森林兌換碼。',
  scannerLoading: 'QR 碼掃描器還在載入中...',
  scannerLoadFailed: '沒能載入 QR 碼掃描元件。',
  cameraFailed: '無法啟動相機，請允許使用相機。',
  selectQrImage: '選擇 QR 碼圖片',
  uploadHint: '選一張森林兌換碼的照片或截圖。',
  noQrInImage: '圖片中找不到 QR 碼，或圖片無效。',
  codeDetected: (code) => `發現森林兌換碼：${code}`,
  claimLinkInvalid: '這個連結裡沒有有效的森林兌換碼。',
  qrOtherSite: (host) => `這個 QR 碼指向 ${host}，不是 ${PRODUCT_NAME}，所以沒有使用。`,

  activityTitle: '森林精靈動態',
  rewardStatus: {
    pending: '等待中',
    processing: '處理中',
    confirming: '確認中',
    rejected: '已拒絕',
  },
  rejection: {
    unknown_code: '這個兌換碼不存在。',
    not_started: '這個活動還沒開始。',
    ended: '這個活動已經結束了。',
    fully_claimed: '這份獎勵已經被領完了。',
  },
  dismiss: '移除',
  dismissCode: (code) => `移除 ${code}`,
  dismissFailed: (message) => `沒能移除這個兌換碼：${message}`,
  confirmingNote: '已上鏈；所在區塊不可逆後即為最終結果。',

  treasuresTitle: '森林寶藏',
  noTreasures: '還沒有收集到寶藏。',
  totalEarned: (totals) => `累計獲得：${totals}`,
  showOlderTreasures: '查看更早的',
  loadingOlderTreasures: '正在載入更早的寶藏...',
  olderTreasuresFailed: (message) => `沒能載入更早的寶藏：${message}`,
  showOlderActivity: '查看更早的',
  loadingOlderActivity: '正在載入更早的動態...',
  olderActivityFailed: (message) => `沒能載入更早的動態：${message}`,
  rewardAmount: (amount) => `+${amount}`,
  transaction: 'TX：',
  transactionLinkLabel: (id) => `在區塊瀏覽器中查看交易 ${id}（在新分頁中開啟）`,
  copy: '複製',
  copyTransactionId: (id) => `複製交易 ID ${id}`,
  transactionIdCopied: '交易 ID 已複製。',
  transactionIdCopyFailed: (message) => `沒能複製交易 ID：${message}`,

  close: '關閉',
  helpTitle: `${forest} 獎勵指南`,
  helpSteps: [
    {
      title: '進入森林',
      text: '點「進入森林」，開始一次匿名造訪。不需要帳戶，也不需要密碼。',
    },
    {
      title: '連結你的 WAX 錢包',
      text: '點「連結 WAX 錢包」，並在錢包中核准登入。獎勵會發放到這個帳戶。',
    },
    {
      title: '提交森林兌換碼',
      text: '輸入兌換碼、用相機掃描它的 QR 碼，或上傳它的圖片，然後交給森林精靈。',
    },
  ],
  helpWelcomeNote: (welcomeCode, bonus, token) =>
    `初來森林？先在這裡領取歡迎兌換碼 ${welcomeCode}，再到質押網站質押，就能收到 ${bonus} ${token} 的歡迎獎勵。`,
  claimCompleteTitle: '領取完成！',
  claimCompleteText: '森林精靈已經處理好你的歡迎兌換碼。',
  claimCompleteNext: '你的歡迎獎勵正在質押網站上等著你。',
  claimBonus: (bonus, token) => `立即領取 ${bonus} ${token}`,
  opensInNewTab: '（在新分頁中開啟）',

  devchainPublicTitle: '示範鏈：',
  devchainPublicWarning:
    '本站執行在一條金鑰公開的開發鏈上，任何人都能以任何帳戶簽署並花掉其中的資產。這裡沒有真錢。',

  closeToast: '關閉通知',
  notifications: '通知',

  serverErrors: {
    NETWORK: '連不上森林。請檢查網路連線後再試一次。',
    NOT_SIGNED_IN: '請先進入森林再繼續。',
    CROSS_ORIGIN_REFUSED: `這個請求必須來自 ${PRODUCT_NAME} 網站本身。`,
    RATE_LIMITED: (wait) => (wait ? `請求太多了，請 ${wait}後再試。` : '請求太多了，請稍後再試。'),
    CODE_INVALID: '請連結你的錢包並輸入有效的兌換碼。',
    CODE_DUPLICATE: '這個錢包已經使用或提交過這個兌換碼。',
    CODES_RATE_LIMITED: (wait) =>
      wait ? `提交的兌換碼太多了，請 ${wait}後再試。` : '提交的兌換碼太多了，請稍後再試。',
    CODE_LOCKED_OUT: (wait) =>
      wait ? `無效的兌換碼太多了，請 ${wait}後再試。` : '無效的兌換碼太多了，請稍後再試。',
    REWARD_NOT_DISMISSIBLE: '只能移除你錢包裡被拒絕的兌換碼。',
    WALLET_CHALLENGE_INVALID: '這個登入請求已過期或已被使用，請重新連結。',
    WALLET_PROOF_MISSING: '錢包沒有提供帳戶所有權證明。',
    WALLET_PROOF_MALFORMED: '無法讀取錢包的證明。',
    WALLET_PROOF_WRONG_CHAIN: '錢包證明的是另一條鏈上的帳戶。',
    WALLET_PROOF_WRONG_SCOPE: '錢包的證明是為另一個應用程式產生的。',
    WALLET_PROOF_WRONG_ACCOUNT: '錢包的證明屬於另一個帳戶。',
    WALLET_PROOF_EXPIRED: '錢包的證明已過期，請重新連結。',
    WALLET_PROOF_REPLAYED: '這個錢包證明已經用過了。',
    WALLET_PROOF_SIGNATURE_INVALID: '錢包的證明不是由該帳戶的金鑰簽署的。',
    WALLET_ACCOUNT_NOT_FOUND: '這條鏈上沒有這個帳戶。',
    WALLET_CHAIN_UNAVAILABLE: '無法連上區塊鏈來驗證錢包，請再試一次。',
  },
}

export default zhHant
