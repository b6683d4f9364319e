import type { Texts } from './en'
import { PRODUCT_NAME } from './product'

// Korean: the friendly polite style (해요체) a game or a shop speaks to its visitors in.
const forest = `${PRODUCT_NAME} 숲`

const ko: Texts = {
  title: forest,
  loading: `${forest}으로 들어가는 중...`,
  tagline: '자동으로 보상이 쌓이는 마법의 숲으로 들어오세요.',
  enterForest: '숲으로 들어가기',
  entering: '들어가는 중...',
  signInSucceeded: `${forest}에 연결되었어요!`,
  signInFailed: (message) => `연결하지 못했어요: ${message}`,
  initFailed: (message) => `${PRODUCT_NAME} 시작에 실패했어요: ${message}`,

  connectWalletIntro: 'WAX 지갑을 연결하고 보상을 모으기 시작하세요.',
  connectWallet: 'WAX 지갑 연결',
  connectingWallet: '연결하는 중...',
  walletConnected: (account) => `WAX 지갑이 연결되었어요: ${account}`,
  walletNotInitialized: 'WAX 지갑 시스템이 아직 준비되지 않았어요.',
  walletConnectionCancelled: '지갑 연결을 취소했어요.',
  leaveForest: '숲 떠나기',
  signOutFailed: (message) => `숲을 떠나지 못했어요: ${message}`,
  pageNotFound: '페이지를 찾을 수 없어요',
  pageNotFoundText: '이 주소에는 페이지가 없어요. 링크를 확인하거나 숲의 입구에서 다시 시작하세요.',
  backToForest: '숲으로 돌아가기',

  kitSubtitle: (productName) => `${productName}에 로그인`,
  mobileWalletCancelled: '모바일 지갑에서 요청을 취소했어요.',
  mobileWalletInvalidResponse:
    '모바일 지갑의 응답이 올바르지 않아요. link_ch, link_key, link_name, cid 값이 모두 있어야 해요.',
  kitSettingsButton: '설정',
  kitCloseButton: '닫기',
  kitBackButton: '뒤로',

  createAccountOffer: 'WAX 계정이 없나요? 새로 만들기',
  createAccountTitle: 'WAX 계정 만들기',
  accountNameLabel: '새 계정 이름',
  accountNameHint: '정확히 12자: 영문 소문자 a-z와 숫자 1-5만 쓸 수 있어요.',
  createAccount: '계정 만들기',
  creatingAccount: '만드는 중...',
  cancelCreateAccount: '취소',
  accountNameInvalid:
    '계정 이름은 정확히 12자여야 해요: 영문 소문자 a-z와 숫자 1-5만 쓸 수 있어요.',
  accountNameTaken: (account) => `이미 누군가 쓰고 있는 계정 이름이에요: ${account}`,
  accountCreated: (account) => `WAX 계정 ${account} 생성 완료! 'WAX 지갑 연결'로 연결해 보세요.`,
  accountCreationCancelled: '계정 만들기를 취소했어요.',
  accountCreationFailed: (message) => `계정을 만들지 못했어요: ${message}`,

  screenFailedTitle: '숲길이 막혔어요',
  screenFailed: (message) => `숲의 이 부분을 불러오지 못했어요: ${message}`,
  reload: '다시 시도',

  waxAccount: (account) => `WAX: ${account}`,
  balance: (amount) => `잔액: ${amount}`,
  logout: '로그아웃',
  help: '도움말',
  menu: '메뉴',
  language: '언어',
  // The first screen's offer and the page's theme (helper firstscreen's block).
  theme: '테마',
  themeChoices: { system: '자동', light: '밝은 테마', dark: '어두운 테마' },
  welcomeOfferTitle: '환영 보상',
  welcomeOfferHow: (welcomeCode: string) =>
    `WAX 지갑을 연결한 다음 코드 ${welcomeCode}을(를) 입력하세요.`,
  welcomeOfferBonus: (bonus: string, token: string) =>
    `이후 스테이킹하면 ${bonus} ${token} 환영 보너스를 받습니다.`,
  signOutEverywhere: '모든 기기에서 로그아웃',
  signedOutEverywhere: '이 지갑을 쓰던 모든 기기에서 로그아웃했어요.',
  signOutEverywhereFailed: (message) => `모든 기기에서 로그아웃하지 못했어요: ${message}`,

  submitCodeTitle: '숲의 코드 제출',
  submitCodeMethods: '코드를 입력하는 방법',
  enterCodeTab: '코드 입력',
  scanQrTab: 'QR 스캔',
  uploadQrTab: 'QR 업로드',
  codeLabel: '숲의 코드',
  codePlaceholder: '마법의 코드를 입력하세요...',
  submitCode: '숲의 정령에게 보내기',
  submittingCode: '보내는 중...',
  codeSubmitted: '코드를 보냈어요! 숲의 정령들이 보상을 준비하고 있어요...',
  codeInvalid: '지갑을 연결하고 올바른 코드를 입력해 주세요.',
  startScanning: '숲의 눈 뜨기',
  stopScanning: '숲의 눈 감기',
  cameraView: '카메라 화면',
  scanHint: '카메라를 숲의 코드에 비춰 주세요.',
  scannerLoading: 'QR 스캐너를 아직 불러오는 중이에요...',
  scannerLoadFailed: 'QR 스캐너를 불러오지 못했어요.',
  cameraFailed: '카메라를 켜지 못했어요. 카메라 권한을 허용해 주세요.',
  cameraRefusal: {
    blocked:
      '이 브라우저가 이 사이트의 카메라를 막고 있어요. 사이트 설정(주소 옆 아이콘)에서 카메라를 허용한 뒤 다시 시작하거나, 코드 사진을 올려 주세요.',
    missing: '이 기기에서 카메라를 찾지 못했어요. 대신 코드 사진을 올려 주세요.',
    busy: '다른 앱이 카메라를 쓰고 있어요. 그 앱을 닫은 뒤 다시 시작해 주세요.',
  },
  selectQrImage: 'QR 이미지 선택',
  uploadHint: '숲의 코드가 담긴 사진이나 스크린샷을 골라 주세요.',
  noQrInImage: '이미지에서 QR 코드를 찾지 못했거나 이미지가 올바르지 않아요.',
  codeDetected: (code) => `숲의 코드를 찾았어요: ${code}`,
  claimLinkInvalid: '이 링크에는 올바른 숲의 코드가 없어요.',
  qrOtherSite: (host) =>
    `이 QR 코드는 다른 사이트(${host})로 연결돼요. ${PRODUCT_NAME} 코드가 아니라서 사용하지 않았어요.`,
  claimWaiting: '보상이 기다리고 있어요',
  claimOpenUntil: (date) => `${date}까지 받을 수 있어요`,
  claimOpensOn: (date) => `${date}에 열려요`,
  claimNotFound: '이 링크로 받을 수 있는 보상이 없어요.',
  connectToClaim: 'WAX 지갑을 연결하고 보상을 받으세요.',
  claimReward: (amount) => `${amount} 받기`,
  claimingReward: '받는 중...',
  humanCheckRunning: '받기 전에 브라우저가 잠깐 확인하고 있어요…',
  humanCheckRunningLong:
    '받기 전에 브라우저가 확인하고 있어요. 이 네트워크에서 받은 사람이 많아서 1분쯤 걸릴 수 있어요…',
  claimLater: '나중에',
  codeRejected: (why) => `코드가 받아들여지지 않았어요. ${why}`,
  claimReading: '보상을 불러오는 중…',
  claimRemaining: (count) => `${count}개 남았어요`,
  claimUnread: '지금은 이 링크의 보상을 불러올 수 없어요. 연결을 확인한 뒤 다시 시도해 주세요.',
  claimLockedOut: (wait) =>
    `이 네트워크에서 알 수 없는 코드를 너무 많이 시도해서 이 링크의 보상을 보여 드리거나 받을 수 없어요. ${wait ? `${wait} 후에 다시 시도해 주세요.` : '나중에 다시 시도해 주세요.'}`,
  claimTryAgain: '다시 시도',
  claimLinkTitle: '받은 보상 링크',
  claimedTitle: '보상을 받았어요!',
  claimedOnItsWay: (account) => `숲의 정령들이 ${account}에게 보내고 있어요…`,
  claimedConfirming: '체인에 올라갔어요. 블록이 되돌릴 수 없게 되면 확정돼요.',
  claimedPaid: (account) => `${account}에게 지급되었어요.`,
  claimShare: '공유하기',
  claimShareText: (reward) => `${forest}에서 ${reward}을(를) 받았어요!`,
  claimShareCopied: '링크를 클립보드에 복사했어요.',
  claimShareFailed: '링크를 복사하지 못했어요.',
  claimToDashboard: '내 대시보드로 가기',

  activityTitle: '숲의 정령 활동',
  rewardStatus: {
    pending: '대기 중',
    processing: '처리 중',
    confirming: '확인 중',
    rejected: '거절됨',
    delayed: '지연됨',
  },
  delayedNote: '보상 지급이 잠시 멈췄습니다. 보상은 안전하며 곧 자동으로 지급됩니다.',
  rejection: {
    unknown_code: '존재하지 않는 코드예요.',
    not_started: '아직 시작하지 않은 캠페인이에요.',
    ended: '이미 끝난 캠페인이에요.',
    fully_claimed: '이 보상은 모두 받아 갔어요.',
    nft_supply_exhausted: '이 보상의 NFT는 모두 발행되었어요.',
    nft_pool_empty: '이 보상의 NFT는 모두 나눠 드렸어요.',
    not_eligible: '이 지갑은 이 보상의 조건을 충족하지 않아요.',
    wallet_limit_reached: '이 지갑은 지금 받을 수 있는 만큼 이미 받았어요.',
    rejected_by_operator: '이 보상의 주최자가 이 요청을 거절했어요.',
  },
  ruleTree: {
    allowlist: '이 보상의 명단에 있는 계정',
    accountAge: (days: number) => `만든 지 ${days}일 이상 된 계정`,
    hold: (things: string) => `${things} 보유`,
    nfts: (count: number, what: string) => (count === 1 ? `${what} NFT` : `${what} NFT ${count}개`),
    collection: (collection: string) => collection,
    schema: (schema: string, collection: string) => `${collection}의 “${schema}” 스키마`,
    template: (template: number, collection: string) => `${collection}의 템플릿 #${template}`,
    named: (count: number, name: string) => (count === 1 ? name : `${name} ${count}개`),
    nested: (clause: string) => `(${clause})`,
    line: (clause: string) => clause,
    refusal: (clause: string) => `이 보상을 받으려면 다음 조건이 필요해요: ${clause}.`,
  },
  oncePerAssetSpent: (collection: string, template: number | undefined) =>
    `이 보상은 NFT 하나당 한 번만 받을 수 있는데, 이 지갑이 가진 ${template === undefined ? `${collection} NFT` : `${collection}의 NFT 템플릿 #${template}`}는 모두 이미 수령에 쓰였어요.`,
  walletLimit: (claims: number, period: string) =>
    `이 시리즈에서는 지갑마다 ${period}에 ${claims}번 받을 수 있어요.`,
  walletLimitPeriod: { hour: '1시간', day: '하루', week: '일주일' },
  nextClaimAt: (date: string) => `이 지갑은 ${date}부터 다시 받을 수 있어요.`,
  operatorCheckRefusal: (reason: string | undefined) =>
    reason
      ? `이 보상의 주최자가 이 지갑을 받지 않았어요: ${reason}`
      : '이 보상의 주최자가 이 지갑을 받지 않았어요.',
  dismiss: '지우기',
  dismissCode: (code) => `${code} 지우기`,
  dismissFailed: (message) => `코드를 지우지 못했어요: ${message}`,
  confirmingNote: (amount) =>
    `${amount}이(가) 체인에 올라갔어요. 블록이 되돌릴 수 없게 되면 확정돼요.`,

  treasuresTitle: '숲의 보물',
  noTreasures: '아직 모은 보물이 없어요.',
  loadingTreasures: '보물을 불러오는 중...',
  totalEarned: (totals) => `모은 보물 합계: ${totals}`,
  showOlderTreasures: '이전 보물 보기',
  loadingOlderTreasures: '이전 보물을 불러오는 중...',
  olderTreasuresFailed: (message) => `이전 보물을 불러오지 못했어요: ${message}`,
  showOlderActivity: '이전 활동 보기',
  loadingOlderActivity: '이전 활동을 불러오는 중...',
  olderActivityFailed: (message) => `이전 활동을 불러오지 못했어요: ${message}`,
  nftPicture: (name) => `NFT ${name}`,
  nftCollection: (collection) => `컬렉션 ${collection}`,
  nftAsset: '에셋',
  nftAssetLinkLabel: (id) => `NFT 탐색기에서 에셋 ${id} 보기 (새 탭에서 열림)`,
  // The NFT reveal (nfts/): an NFT's art while it is on its way, and NFTs in the total earned.
  nftOnItsWay: '지갑으로 가는 중이에요',
  // A Korean noun keeps its form whatever the count (Intl.PluralRules('ko') is always 'other').
  nftsEarned: (_count, written) => `NFT ${written}개`,
  rewardAmount: (amount) => `+${amount}`,
  transaction: 'TX:',
  transactionLinkLabel: (shortId, id) =>
    `${shortId}, 블록 탐색기에서 트랜잭션 ${id} 보기 (새 탭에서 열림)`,
  copy: '복사',
  copyTransactionId: (id) => `트랜잭션 ID ${id} 복사`,
  transactionIdCopied: '트랜잭션 ID를 복사했어요.',
  transactionIdCopyFailed: (message) => `트랜잭션 ID를 복사하지 못했어요: ${message}`,

  close: '닫기',
  helpTitle: `${forest} 보상 안내`,
  helpSteps: [
    {
      title: '숲으로 들어가기',
      text: '숲에 들어왔어요. 익명 방문이라 계정도 비밀번호도 필요 없어요.',
    },
    {
      title: 'WAX 지갑 연결하기',
      text: '지갑을 연결했어요. 보상은 이 지갑의 계정으로 지급돼요.',
    },
    {
      title: '숲의 코드 제출하기',
      text: '코드를 입력하거나, 카메라로 QR 코드를 스캔하거나, 코드 사진을 올린 다음 숲의 정령에게 보내세요.',
    },
  ],
  helpStepDone: '완료',
  helpWelcomeNote: (welcomeCode, bonus, token) =>
    `숲이 처음인가요? 먼저 여기서 환영 코드 ${welcomeCode}부터 받고, 스테이킹 사이트에서 스테이킹해 환영 보너스(${bonus} ${token})를 받으세요.`,
  claimCompleteTitle: '받기 완료!',
  claimCompleteText: '숲의 정령들이 환영 코드를 처리했어요.',
  claimCompleteNext: '스테이킹 사이트에서 환영 보너스가 기다리고 있어요.',
  claimBonus: (bonus, token) => `지금 ${bonus} ${token} 받기`,
  opensInNewTab: '(새 탭에서 열림)',

  devchainPublicTitle: '데모 체인:',
  devchainPublicWarning:
    '이 사이트는 키가 공개된 개발용 체인에서 돌아가요. 누구나 어떤 계정으로든 서명하고 그 계정의 자산을 쓸 수 있어요. 여기 있는 것은 진짜 돈이 아니에요.',

  closeToast: '알림 닫기',
  notifications: '알림',

  serverErrors: {
    NETWORK: '숲에 닿지 못했어요. 인터넷 연결을 확인하고 다시 시도해 주세요.',
    NOT_SIGNED_IN: '계속하려면 먼저 숲에 들어와 주세요.',
    CROSS_ORIGIN_REFUSED: `이 요청은 ${PRODUCT_NAME} 사이트에서만 보낼 수 있어요.`,
    RATE_LIMITED: (wait) =>
      wait
        ? `요청이 너무 많아요. ${wait} 후에 다시 시도해 주세요.`
        : '요청이 너무 많아요. 잠시 후 다시 시도해 주세요.',
    CODE_INVALID: '지갑을 연결하고 올바른 코드를 입력해 주세요.',
    CODE_DUPLICATE: '이 지갑은 이미 이 코드를 사용했거나 제출했어요.',
    CODES_RATE_LIMITED: (wait) =>
      wait
        ? `코드를 너무 많이 보냈어요. ${wait} 후에 다시 시도해 주세요.`
        : '코드를 너무 많이 보냈어요. 잠시 후 다시 시도해 주세요.',
    CODE_LOCKED_OUT: (wait) =>
      wait
        ? `잘못된 코드가 너무 많았어요. ${wait} 후에 다시 시도해 주세요.`
        : '잘못된 코드가 너무 많았어요. 잠시 후 다시 시도해 주세요.',
    REWARD_NOT_DISMISSIBLE: '내 지갑의 거절된 코드만 지울 수 있어요.',
    WALLET_CHALLENGE_INVALID:
      '이 로그인 요청은 만료되었거나 이미 사용되었어요. 다시 연결해 주세요.',
    WALLET_PROOF_MISSING: '지갑이 계정 소유 증명을 보내지 않았어요.',
    WALLET_PROOF_MALFORMED: '지갑의 증명을 읽을 수 없어요.',
    WALLET_PROOF_WRONG_CHAIN: '지갑이 다른 체인의 계정을 증명했어요.',
    WALLET_PROOF_WRONG_SCOPE: '지갑의 증명이 다른 앱을 위해 만들어졌어요.',
    WALLET_PROOF_WRONG_ACCOUNT: '지갑의 증명이 다른 계정의 것이에요.',
    WALLET_PROOF_EXPIRED: '지갑의 증명이 만료되었어요. 다시 연결해 주세요.',
    WALLET_PROOF_REPLAYED: '이미 사용된 지갑 증명이에요.',
    WALLET_PROOF_SIGNATURE_INVALID: '지갑의 증명이 이 계정의 키로 서명되지 않았어요.',
    WALLET_ACCOUNT_NOT_FOUND: '이 체인에 없는 계정이에요.',
    ELIGIBILITY_UNAVAILABLE:
      '이 보상의 조건을 확인하려고 블록체인에 연결하지 못했어요. 잠시 후 다시 시도해 주세요.',
    OPERATOR_CHECK_UNAVAILABLE:
      '이 요청을 확인하려고 보상 주최자에게 연결하지 못했어요. 잠시 후 다시 시도해 주세요.',
    WALLET_CHAIN_UNAVAILABLE: '지갑을 확인하려고 블록체인에 접속하지 못했어요. 다시 시도해 주세요.',
    WALLET_PERMISSION_REFUSED:
      '지갑이 계정의 active 권한이 아닌 다른 권한으로 로그인했어요. active 권한으로 다시 연결해 주세요.',
    SIGN_OUT_EVERYWHERE_UNPROVEN:
      '모든 기기에서 로그아웃하려면 소유권 증명과 함께 지갑을 연결해 주세요.',
    HUMAN_CHECK_REQUIRED: '이 보상을 받으려면 브라우저 확인이 필요해요. 다시 시도해 주세요.',
    HUMAN_CHECK_INVALID: '브라우저 확인을 통과하지 못했어요. 다시 시도해 주세요.',
    HUMAN_CHECK_EXPIRED: '브라우저 확인이 너무 오래 걸려 만료되었어요. 다시 시도해 주세요.',
    HUMAN_CHECK_REPLAYED: '이미 사용된 브라우저 확인이에요. 다시 시도해 주세요.',
  },
}

export default ko
