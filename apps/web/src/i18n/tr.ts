import type { Texts } from './en'
import { PRODUCT_NAME } from './product'

// Turkish: the warm, informal "sen" a playful app speaks in. Values are never given suffixes
// (an account or code cannot take Turkish vowel harmony), so sentences are built around them.
const forest = `${PRODUCT_NAME} Ormanı`

const tr: Texts = {
  title: forest,
  loading: `${forest}'na giriliyor...`,
  tagline: 'Ödüllerin kendiliğinden geldiği büyülü ormana gir.',
  enterForest: 'Ormana Gir',
  entering: 'Giriliyor...',
  signInSucceeded: `${forest}'na başarıyla bağlandın!`,
  signInFailed: (message) => `Bağlantı kurulamadı: ${message}`,
  initFailed: (message) => `${PRODUCT_NAME} başlatılamadı: ${message}`,

  connectWalletIntro: 'Ödül toplamaya başlamak için WAX cüzdanını bağla.',
  connectWallet: 'WAX Cüzdanını Bağla',
  connectingWallet: 'Bağlanıyor...',
  walletConnected: (account) => `WAX cüzdanı bağlandı: ${account}`,
  walletNotInitialized: 'WAX cüzdan sistemi henüz hazır değil.',
  walletConnectionCancelled: 'Cüzdan bağlantısı iptal edildi.',
  leaveForest: 'Ormandan Çık',
  signOutFailed: (message) => `Ormandan çıkılamadı: ${message}`,
  pageNotFound: 'Sayfa bulunamadı',
  pageNotFoundText:
    'Bu adreste bir sayfa yok. Bağlantıyı kontrol et ya da ormanın girişinden yeniden başla.',
  backToForest: 'Ormana dön',

  kitSubtitle: (productName) => `${productName} girişi`,
  mobileWalletCancelled: 'İstek mobil cüzdandan iptal edildi.',
  mobileWalletInvalidResponse:
    'Mobil cüzdandan geçersiz yanıt geldi; link_ch, link_key, link_name ve cid alanlarını içermeli.',
  kitSettingsButton: 'Ayarlar',
  kitCloseButton: 'Kapat',
  kitBackButton: 'Geri',

  createAccountOffer: 'WAX hesabın yok mu? Hemen oluştur',
  createAccountTitle: 'WAX hesabı oluştur',
  accountNameLabel: 'Yeni hesap adı',
  accountNameHint: 'Tam 12 karakter: a-z harfleri ve 1-5 rakamları.',
  createAccount: 'Hesap Oluştur',
  creatingAccount: 'Oluşturuluyor...',
  cancelCreateAccount: 'Vazgeç',
  accountNameInvalid: 'Hesap adı tam 12 karakter olmalı: a-z harfleri ve 1-5 rakamları.',
  accountNameTaken: (account) => `Bu hesap adı zaten alınmış: ${account}`,
  accountCreated: (account) =>
    `WAX hesabı oluşturuldu: ${account}. 'WAX Cüzdanını Bağla' ile bağlayabilirsin.`,
  accountCreationCancelled: 'Hesap oluşturma iptal edildi.',
  accountCreationFailed: (message) => `Hesap oluşturulamadı: ${message}`,

  screenFailedTitle: 'Orman yolu kapandı',
  screenFailed: (message) => `Ormanın bu kısmı yüklenemedi: ${message}`,
  reload: 'Tekrar Dene',

  waxAccount: (account) => `WAX: ${account}`,
  balance: (amount) => `Bakiye: ${amount}`,
  logout: 'Çıkış Yap',
  help: 'Yardım',
  menu: 'Menü',
  language: 'Dil',
  // The first screen's offer and the page's theme (helper firstscreen's block).
  theme: 'Tema',
  themeChoices: { system: 'Otomatik', light: 'Açık', dark: 'Koyu' },
  welcomeOfferTitle: 'Hoş geldin ödülün',
  welcomeOfferHow: (welcomeCode: string) =>
    `WAX cüzdanını bağla, ardından ${welcomeCode} kodunu gir.`,
  welcomeOfferBonus: (bonus: string, token: string) =>
    `Ardından stake ederek ${bonus} ${token} hoş geldin bonusu al.`,
  signOutEverywhere: 'Her Yerde Çıkış Yap',
  signedOutEverywhere: 'Bu cüzdanı kullanan tüm cihazlarda çıkış yapıldı.',
  signOutEverywhereFailed: (message) => `Her yerde çıkış yapılamadı: ${message}`,

  submitCodeTitle: 'Orman Kodu Gönder',
  submitCodeMethods: 'Kodunu nasıl gireceksin',
  enterCodeTab: 'Kod Gir',
  scanQrTab: 'QR Tara',
  uploadQrTab: 'QR Yükle',
  codeLabel: 'Orman kodu',
  codePlaceholder: 'Büyülü kodunu gir...',
  submitCode: 'Orman Ruhlarına Gönder',
  submittingCode: 'Gönderiliyor...',
  codeSubmitted: 'Kod gönderildi! Orman Ruhları ödülün üzerinde çalışıyor...',
  codeInvalid: 'Lütfen cüzdanını bağla ve geçerli bir kod gir.',
  startScanning: 'Orman Gözünü Aç',
  stopScanning: 'Orman Gözünü Kapat',
  cameraView: 'Kamera görüntüsü',
  scanHint: 'Kamerayı bir Orman Koduna doğru tut.',
  scannerLoading: 'QR tarayıcı hâlâ yükleniyor...',
  scannerLoadFailed: 'QR tarayıcı bileşeni yüklenemedi.',
  cameraFailed: 'Kamera açılamadı. Lütfen kamera izni ver.',
  cameraRefusal: {
    blocked:
      'Bu tarayıcı bu sitede kamerayı engelliyor. Site ayarlarından (adresin yanındaki simge) izin ver ve yeniden başlat ya da kodun fotoğrafını yükle.',
    missing: 'Bu cihazda kamera bulunamadı. Bunun yerine kodun fotoğrafını yükle.',
    busy: 'Kamera başka bir uygulama tarafından kullanılıyor. O uygulamayı kapatıp yeniden başlat.',
  },
  selectQrImage: 'QR Görseli Seç',
  uploadHint: 'Bir Orman Kodunun fotoğrafını ya da ekran görüntüsünü seç.',
  noQrInImage: 'Görselde QR kod bulunamadı ya da görsel geçersiz.',
  codeDetected: (code) => `Orman Kodu bulundu: ${code}`,
  claimLinkInvalid: 'Bu bağlantıda geçerli bir Orman Kodu yok.',
  qrOtherSite: (host) =>
    `Bu QR kod ${PRODUCT_NAME} sitesine değil, başka bir siteye gidiyor: ${host}. Kullanılmadı.`,
  claimWaiting: 'Seni bir ödül bekliyor',
  claimOpenUntil: (date) => `Son gün: ${date}`,
  claimOpensOn: (date) => `Açılış: ${date}`,
  claimNotFound: 'Bu bağlantıda artık alınabilecek bir ödül yok.',
  connectToClaim: 'Ödülü almak için WAX cüzdanını bağla.',
  claimReward: (amount) => `${amount} Al`,
  claimingReward: 'Alınıyor...',
  humanCheckRunning: 'Tarayıcınız almadan önce kısa bir kontrol yapıyor…',
  humanCheckRunningLong:
    'Tarayıcınız almadan önce bir kontrol yapıyor. Bu ağdan çok sayıda talep geldi, bu yüzden bir dakika sürebilir…',
  claimLater: 'Şimdi değil',
  codeRejected: (why) => `Kod kabul edilmedi. ${why}`,
  claimReading: 'Ödül okunuyor…',
  claimRemaining: (count) => `${count} adet kaldı`,
  claimUnread: 'Bu bağlantının ödülü şu anda okunamadı. Bağlantını kontrol et, sonra tekrar dene.',
  claimLockedOut: (wait) =>
    `Bu ağdan çok fazla bilinmeyen kod denendi, bu yüzden bu bağlantının ödülü gösterilemiyor ve alınamıyor. ${wait ? `${wait} sonra tekrar dene.` : 'Daha sonra tekrar dene.'}`,
  claimTryAgain: 'Tekrar dene',
  claimLinkTitle: 'Ödül bağlantın',
  claimedTitle: 'Ödül alındı!',
  claimedOnItsWay: (account) => `Orman Ruhları ödülü ${account} hesabına gönderiyor…`,
  claimedConfirming: 'Zincire gönderildi; bloğu geri alınamaz olunca kesinleşir.',
  claimedPaid: (account) => `${account} hesabına ödendi.`,
  claimShare: 'Paylaş',
  claimShareText: (reward) => `${forest}'nda ${reward} kazandım!`,
  claimShareCopied: 'Bağlantı panoya kopyalandı.',
  claimShareFailed: 'Bağlantı kopyalanamadı.',
  claimToDashboard: 'Panoma git',

  activityTitle: 'Orman Ruhlarının Etkinliği',
  rewardStatus: {
    pending: 'Bekliyor',
    processing: 'İşleniyor',
    confirming: 'Onaylanıyor',
    rejected: 'Reddedildi',
    delayed: 'Gecikti',
  },
  delayedNote:
    'Ödemeler kısa bir süreliğine duraklatıldı. Ödülünüz güvende ve kendiliğinden gelecek.',
  rejection: {
    unknown_code: 'Böyle bir kod yok.',
    not_started: 'Bu kampanya henüz başlamadı.',
    ended: 'Bu kampanya sona erdi.',
    fully_claimed: 'Bu ödülün tamamı alındı.',
    nft_supply_exhausted: 'Bu ödülün tüm NFT’leri basıldı.',
    nft_pool_empty: 'Bu ödülün tüm NFT’leri dağıtıldı.',
    not_eligible: 'Bu cüzdan bu ödülün koşullarını karşılamıyor.',
    wallet_limit_reached: 'Bu cüzdan bu ödülü şimdilik izin verilen sayıda aldı.',
    rejected_by_operator: 'Bu ödülün düzenleyicisi bu talebi reddetti.',
  },
  ruleTree: {
    allowlist: 'bu ödülün hesap listesinde olmak',
    accountAge: (days: number) => `en az ${days} günlük bir hesaba sahip olmak`,
    hold: (things: string) => `${things} tutmak`,
    nfts: (count: number, what: string) =>
      count === 1 ? `${what} bir NFT` : `${what} ${count} NFT`,
    collection: (collection: string) => `${collection} koleksiyonundan`,
    schema: (schema: string, collection: string) =>
      `${collection} koleksiyonunun “${schema}” şemasından`,
    template: (template: number, collection: string) =>
      `${collection} koleksiyonunun #${template} şablonundan`,
    named: (count: number, name: string) => (count === 1 ? `bir ${name}` : `${count} ${name}`),
    nested: (clause: string) => `(${clause})`,
    line: (clause: string) => clause.charAt(0).toLocaleUpperCase('tr') + clause.slice(1),
    refusal: (clause: string) => `Bu ödülü almak için şu gerekir: ${clause}.`,
  },
  oncePerAssetSpent: (collection: string, template: number | undefined) =>
    `Bu ödül her NFT için bir kez alınır ve bu cüzdanın tuttuğu ${template === undefined ? `${collection} koleksiyonundan NFT’lerin` : `${collection} koleksiyonunun #${template} şablonlu NFT’lerinin`} hepsi zaten bir alımda kullanıldı.`,
  walletLimit: (claims: number, period: string) =>
    `Bu seride her cüzdan ${period} başına ${claims} kez alabilir.`,
  walletLimitPeriod: { hour: 'saat', day: 'gün', week: 'hafta' },
  nextClaimAt: (date: string) => `Bu cüzdan ${date} itibarıyla yeniden alabilir.`,
  operatorCheckRefusal: (reason: string | undefined) =>
    reason
      ? `Bu ödülün düzenleyicisi bu cüzdanı kabul etmedi: ${reason}`
      : 'Bu ödülün düzenleyicisi bu cüzdanı kabul etmedi.',
  dismiss: 'Kaldır',
  dismissCode: (code) => `Kaldır: ${code}`,
  dismissFailed: (message) => `Kod kaldırılamadı: ${message}`,
  confirmingNote: (amount) =>
    `${amount} zincire gönderildi; bloğu geri alınamaz olunca kesinleşir.`,

  treasuresTitle: 'Orman Hazineleri',
  noTreasures: 'Henüz hazine toplanmadı.',
  loadingTreasures: 'Hazinelerin yükleniyor...',
  totalEarned: (totals) => `Toplam kazanç: ${totals}`,
  showOlderTreasures: 'Eskileri göster',
  loadingOlderTreasures: 'Eski hazineler yükleniyor...',
  olderTreasuresFailed: (message) => `Eski hazineler yüklenemedi: ${message}`,
  showOlderActivity: 'Eskileri göster',
  loadingOlderActivity: 'Eski etkinlikler yükleniyor...',
  olderActivityFailed: (message) => `Eski etkinlikler yüklenemedi: ${message}`,
  nftPicture: (name) => `${name} NFT’si`,
  nftCollection: (collection) => `Koleksiyon ${collection}`,
  nftAsset: 'Varlık',
  nftAssetLinkLabel: (id) => `NFT gezgininde ${id} varlığı (yeni sekmede açılır)`,
  // The NFT reveal (nfts/): an NFT's art while it is on its way, and NFTs in the total earned.
  nftOnItsWay: 'Cüzdanına doğru yolda',
  // After a number a Turkish noun stays singular: '1 NFT', '3 NFT'.
  nftsEarned: (_count, written) => `${written} NFT`,
  rewardAmount: (amount) => `+${amount}`,
  transaction: 'TX:',
  transactionLinkLabel: (shortId, id) =>
    `${shortId}, blok gezgininde işlem: ${id} (yeni sekmede açılır)`,
  copy: 'Kopyala',
  copyTransactionId: (id) => `İşlem kimliğini kopyala: ${id}`,
  transactionIdCopied: 'İşlem kimliği kopyalandı.',
  transactionIdCopyFailed: (message) => `İşlem kimliği kopyalanamadı: ${message}`,

  close: 'Kapat',
  helpTitle: `${forest} Ödül Rehberi`,
  helpSteps: [
    {
      title: 'Ormana Gir',
      text: 'Ormandasın: ziyaretin anonim, hesap ya da şifre gerekmez.',
    },
    {
      title: 'WAX cüzdanını bağla',
      text: 'Cüzdanın bağlı: ödüller onun hesabına gönderilir.',
    },
    {
      title: 'Bir Orman Kodu gönder',
      text: 'Kodu yaz, QR kodunu kamerayla tara ya da bir resmini yükle; sonra Orman Ruhlarına gönder.',
    },
  ],
  helpStepDone: 'Tamamlandı',
  helpWelcomeNote: (welcomeCode, bonus, token) =>
    `Ormanda yeni misin? Önce hoş geldin kodunu (${welcomeCode}) burada kullan, ardından staking sitesinde stake ederek ${bonus} ${token} hoş geldin bonusunu al.`,
  claimCompleteTitle: 'Talep Tamamlandı!',
  claimCompleteText: 'Hoş geldin kodun Orman Ruhları tarafından işlendi.',
  claimCompleteNext: 'Hoş geldin bonusun staking sitesinde seni bekliyor.',
  claimBonus: (bonus, token) => `${bonus} ${token} Bonusunu Hemen Al`,
  opensInNewTab: '(yeni sekmede açılır)',

  devchainPublicTitle: 'Demo zinciri:',
  devchainPublicWarning:
    'bu site, anahtarları herkese açık bir geliştirme zincirinde çalışıyor; herkes herhangi bir hesap adına imza atıp içindekini harcayabilir. Buradaki hiçbir şey gerçek para değil.',

  closeToast: 'Bildirimi kapat',
  notifications: 'Bildirimler',

  serverErrors: {
    NETWORK: 'Ormana ulaşılamadı. Bağlantını kontrol edip tekrar dene.',
    NOT_SIGNED_IN: 'Devam etmek için önce ormana gir.',
    CROSS_ORIGIN_REFUSED: `Bu istek yalnızca ${PRODUCT_NAME} sitesinin kendisinden gelebilir.`,
    RATE_LIMITED: (wait) =>
      wait
        ? `Çok fazla istek var. ${wait} sonra tekrar dene.`
        : 'Çok fazla istek var. Biraz sonra tekrar dene.',
    CODE_INVALID: 'Lütfen cüzdanını bağla ve geçerli bir kod gir.',
    CODE_DUPLICATE: 'Bu cüzdan bu kodu zaten kullandı ya da gönderdi.',
    CODES_RATE_LIMITED: (wait) =>
      wait
        ? `Çok fazla kod gönderildi. ${wait} sonra tekrar dene.`
        : 'Çok fazla kod gönderildi. Biraz sonra tekrar dene.',
    CODE_LOCKED_OUT: (wait) =>
      wait
        ? `Çok fazla geçersiz kod girildi. ${wait} sonra tekrar dene.`
        : 'Çok fazla geçersiz kod girildi. Biraz sonra tekrar dene.',
    REWARD_NOT_DISMISSIBLE: 'Yalnızca cüzdanına ait reddedilmiş bir kod kaldırılabilir.',
    WALLET_CHALLENGE_INVALID:
      'Bu giriş isteğinin süresi dolmuş ya da zaten kullanılmış. Lütfen yeniden bağlan.',
    WALLET_PROOF_MISSING: 'Cüzdan, hesabın sahibi olduğuna dair bir kanıt vermedi.',
    WALLET_PROOF_MALFORMED: 'Cüzdanın kanıtı okunamadı.',
    WALLET_PROOF_WRONG_CHAIN: 'Cüzdan başka bir zincirdeki bir hesabı kanıtladı.',
    WALLET_PROOF_WRONG_SCOPE: 'Cüzdanın kanıtı başka bir uygulama için oluşturulmuş.',
    WALLET_PROOF_WRONG_ACCOUNT: 'Cüzdanın kanıtı başka bir hesaba ait.',
    WALLET_PROOF_EXPIRED: 'Cüzdanın kanıtının süresi doldu. Lütfen yeniden bağlan.',
    WALLET_PROOF_REPLAYED: 'Bu cüzdan kanıtı zaten kullanılmış.',
    WALLET_PROOF_SIGNATURE_INVALID: 'Cüzdanın kanıtı hesabın anahtarlarıyla imzalanmamış.',
    WALLET_ACCOUNT_NOT_FOUND: 'Bu hesap bu zincirde yok.',
    ELIGIBILITY_UNAVAILABLE:
      'Bu ödülün koşullarını denetlemek için blokzincirine ulaşılamadı. Lütfen biraz sonra yeniden deneyin.',
    OPERATOR_CHECK_UNAVAILABLE:
      'Bu talebi denetlemek için ödülün düzenleyicisine ulaşılamadı. Lütfen biraz sonra yeniden deneyin.',
    WALLET_CHAIN_UNAVAILABLE:
      'Cüzdanı kontrol etmek için blokzincire ulaşılamadı. Lütfen tekrar dene.',
    WALLET_PERMISSION_REFUSED:
      'Cüzdan, hesabın active izni dışında bir izinle giriş yaptı. Lütfen active izniyle yeniden bağlan.',
    SIGN_OUT_EVERYWHERE_UNPROVEN: 'Her yerde çıkış yapmak için cüzdanını sahiplik kanıtıyla bağla.',
    HUMAN_CHECK_REQUIRED:
      'Bu talep için tarayıcınızın kısa bir kontrol yapması gerekiyor. Lütfen tekrar deneyin.',
    HUMAN_CHECK_INVALID: 'Tarayıcı kontrolü geçilemedi. Lütfen tekrar deneyin.',
    HUMAN_CHECK_EXPIRED: 'Tarayıcı kontrolü çok uzun sürdü ve süresi doldu. Lütfen tekrar deneyin.',
    HUMAN_CHECK_REPLAYED: 'Bu tarayıcı kontrolü zaten kullanıldı. Lütfen tekrar deneyin.',
  },
}

export default tr
