import { PRODUCT_NAME } from '../../i18n/product'
import type { ConsoleTexts } from './en'

const tr: ConsoleTexts = {
  title: `${PRODUCT_NAME} konsolu`,
  operator: (account: string) => `Operatör: ${account}`,
  signOut: 'Çıkış yap',
  checking: 'Erişiminiz denetleniyor...',
  refusedTitle: 'Bu konsol operatörler içindir',
  live: 'Canlı',
  reconnecting: 'Yeniden bağlanıyor...',
  timeZone: (zone: string) => `Saatler sizin saat diliminizdedir: ${zone}.`,
  backToSite: `${PRODUCT_NAME} sitesine dön`,

  signInIntro: `${PRODUCT_NAME} operatörleri için: giriş yapın, ardından bir operatörün WAX cüzdanını bağlayın.`,
  signIn: 'Konsola giriş yap',
  signingIn: 'Giriş yapılıyor...',
  connectIntro: 'Konsolu açmak için bir operatörün WAX cüzdanını bağlayın.',
  connectWallet: 'WAX Cüzdanını Bağla',
  connecting: 'Bağlanıyor...',

  signedInAs: (account: string) => `${account} cüzdanıyla giriş yapmış durumdasınız.`,
  refusedNext: 'Konsolu açmak için çıkış yapın ve bir operatör hesabının cüzdanını bağlayın.',
  switchWallet: 'Çıkış yap ve başka bir cüzdan kullan',

  campaignsTitle: 'Kampanyalar',
  campaignsEmpty: 'Henüz kampanya yok.',
  columns: {
    campaign: 'Kampanya',
    kind: 'Tür',
    reward: 'Ödül',
    window: 'Dönem',
    cap: 'Sınır',
    claimed: 'Alınan',
    remaining: 'Kalan',
    state: 'Durum',
    actions: 'İşlemler',
  },
  kinds: { shared: 'ortak', unique: 'tekil' },
  states: {
    open: 'açık',
    scheduled: 'planlandı',
    ended: 'bitti',
    closed: 'kapatıldı',
    spent: 'tükendi',
  },
  welcome: 'hoş geldin',
  noLimit: '∞',
  noLimitSpoken: 'sınırsız',
  noCap: 'sınır yok',
  doesNotApply: (state: string) => `geçerli değil: ${state}`,
  always: 'her zaman',
  windowFrom: (start: string) => `${start} itibarıyla`,
  windowUntil: (end: string) => `${end} tarihine kadar`,
  windowBetween: (start: string, end: string) => `${start} – ${end}`,
  close: 'Kapat',
  closeCampaign: (slug: string) => `Kapat: ${slug}`,
  closing: 'Kapatılıyor...',
  closed: (slug: string) =>
    `${slug} kampanyası kapatıldı: kodlarının yeni gönderimleri bitmiş olarak reddedilir.`,
  reopen: 'Yeniden aç',
  reopenCampaign: (slug: string) => `Yeniden aç: ${slug}`,
  reopening: 'Yeniden açılıyor...',
  reopened: (slug: string) =>
    `${slug} kampanyası yeniden açıldı: kodları, dönemi ve sınırı içinde yeniden kabul edilir.`,
  welcomeStaysOpen: 'Hep açık: her ilk ziyarette alınır.',
  cancel: 'Vazgeç',
  confirmCloseTitle: (name: string) => `“${name}” kampanyası kapatılsın mı?`,
  confirmCloseEffect: (slug: string) =>
    `${slug} kodlarının yeni gönderimleri bitmiş olarak reddedilir; ödenmekte olan ödüller yine tamamlanır. Kampanyayı bitişinden önce yeniden açabilirsiniz.`,
  confirmClose: 'Kampanyayı kapat',
  confirmReopenTitle: (name: string) => `“${name}” kampanyası yeniden açılsın mı?`,
  confirmReopenEffect: (slug: string) =>
    `${slug} kodları, dönemi ve sınırı içinde yeniden kabul edilir.`,
  confirmReopen: 'Kampanyayı yeniden aç',
  chart: 'Grafik',
  showChart: (slug: string) => `Grafik: ${slug}`,
  edit: 'Düzenle',
  editCampaign: (slug: string) => `Düzenle: ${slug}`,
  editTitle: (name: string) => `“${name}” kampanyasını düzenle`,
  editCapHint: (claimed: number) => `boş: sınır yok; en az alınmış ${claimed}`,
  editReopen: 'Bu değişikliklerle yeniden aç',
  editAllowlistReplace:
    'bir listesi var: bir dosya onu tümüyle değiştirir (satır başına bir hesap ya da “account” sütunlu bir CSV)',
  editAllowlistRemove: 'İzin listesini kaldır: her hesap alabilir',
  capBelowClaimed: (claimed: number) => `Sınır, şimdiden alınmış ${claimed} ödülün altında olamaz.`,
  save: 'Değişiklikleri kaydet',
  saving: 'Kaydediliyor...',
  edited: (slug: string) => `${slug} için değişiklikler kaydedildi.`,
  claimsCsv: 'Alımlar CSV',
  claimsCsvOf: (slug: string) => `Alımlar CSV: ${slug} (indir)`,
  kiosk: 'Kiosk',
  kioskOf: (slug: string) => `${slug} kiosk bağlantıları`,
  kioskLinksTitle: (name: string) => `“${name}” kiosk bağlantıları`,
  kioskLinksIntro:
    'Kiosk bağlantısı, bir etkinlikteki tablette bu kampanyanın kiosk ekranını açar, başka hiçbir şeyi değil: tablette kimse oturum açmaz. Bağlantıya sahip olan, süresi dolana ya da siz iptal edene dek kioskı gösterebilir.',
  kioskHours: 'Geçerlilik (saat)',
  kioskHoursHint: (hours: number, max: number) => `boş: ${hours}; en fazla ${max}`,
  kioskIssue: 'Kiosk bağlantısı oluştur',
  kioskIssuing: 'Oluşturuluyor...',
  kioskLink: 'Kiosk bağlantısı',
  kioskIssued: 'Bu bağlantıyı tablette açın. Yalnızca şimdi gösteriliyor: bir daha gösterilemez.',
  kioskCopy: 'Bağlantıyı kopyala',
  kioskCopied: 'Kiosk bağlantısı kopyalandı.',
  kioskInForce: 'Geçerli kiosk bağlantıları',
  kioskNone: 'Bu kampanyanın geçerli bir kiosk bağlantısı yok.',
  kioskCredentialIssued: (operator: string, at: string) =>
    `${operator} tarafından ${at} tarihinde oluşturuldu`,
  kioskCredentialUntil: (at: string) => `${at} tarihine dek geçerli`,
  kioskCredentialUsed: (at: string) => `en son ${at} tarihinde açıldı`,
  kioskCredentialUnused: 'henüz açılmadı',
  kioskRevoke: 'İptal et',
  kioskRevokeOf: (issuedAt: string) =>
    `${issuedAt} tarihinde oluşturulan kiosk bağlantısını iptal et`,
  kioskRevoking: 'İptal ediliyor...',
  kioskRevoked: 'Kiosk bağlantısı iptal edildi: onu gösteren tablet hemen durur.',
  kioskDone: 'Tamam',
  kioskTitle: (name: string) => `Ödülünü al: ${name}`,
  kioskScan: 'Almak için bu kodu telefonunun kamerasıyla tara.',
  kioskOrType: (code: string) => `Ya da ${code} kodunu gir`,
  kioskQrAlt: (name: string) => `QR kod: ${name} için tek kullanımlık alma bağlantısı`,
  kioskClaimed: (count: number) => `${count} alındı`,
  kioskNotOpen: (state: string) => `Bu kampanya ${state}: kod gösterilmiyor.`,
  kioskRefused:
    'Bu kiosk bağlantısı geçerli değil: iptal edildi ya da süresi doldu. Bir operatörden yenisini isteyin.',
  kioskFullScreen: 'Tam ekran',

  chartTitle: 'Zamana göre alımlar',
  chartOf: (slug: string) => `${slug} için toplam alımlar, dakika dakika`,
  chartSummary: (claimed: number, latest: string) => `Toplam ${claimed} alım; son alım ${latest}.`,
  chartEmpty: (slug: string) => `${slug} için henüz alım yok.`,
  chartCampaign: 'Kampanya',
  nftPreviewLoading: 'Şablon zincirden okunuyor...',
  nftSupply: (issued: number, max: number) =>
    max === 0
      ? `${issued} basıldı, sınır yok`
      : `${max} içinden ${issued} basıldı, ${max - issued} kaldı`,
  nftPoolHeld: (held: number) => `ödeme hesabında ${held} varlık var`,
  nftPoolEmpty:
    'Ödeme hesabı bu şablonun hiçbir varlığını tutmuyor: bu şablonla bir havuz kampanyası reddedilir.',
  nftPoolLeft: (left: number) => `havuzda ${left} kaldı`,

  createTitle: 'Yeni kampanya',
  fields: {
    slug: 'Kısa ad',
    slugHint: 'küçük harfler, rakamlar ve tireler',
    name: 'Ad',
    kind: 'Tür',
    payment: 'Her talep şunu öder',
    reward: 'Ödül',
    rewardHint: 'bir miktar ve bir token, ör. 10.0000 FERN',
    nft: 'Basılacak NFT',
    nftHint: 'her talep için basılacak AtomicAssets koleksiyon:şablon, ör. fernwoodnfts:3',
    nftPool: 'NFT havuzu',
    nftPoolHint:
      'varlıklarını ödeme hesabının tuttuğu AtomicAssets koleksiyon:şablon: her talebe bunlardan biri gönderilir, ör. fernwoodnfts:2',
    contract: 'Token sözleşmesi',
    contractHint: 'boş: sunucunun ödül token sözleşmesi',
    startsAt: 'Başlangıç',
    endsAt: 'Bitiş',
    timeHint: (zone: string) => `isteğe bağlı; sizin saat diliminizde: ${zone}`,
    cap: 'Sınır',
    capHint: 'boş: sınır yok',
    budget: 'Bütçe',
    budgetHint:
      'boş: yok; şimdi ayrılır: ödül tokeninden bir tutar (2500.0000 FERN) ya da ödül sayısı; bitince talepler tamamen talep edildi diye reddedilir',
    code: 'Kod',
    codeHint: 'ortak bir kampanyanın tek kodu',
    allowlist: 'İzin listesi',
    allowlistHint:
      'isteğe bağlı: alabilecek hesapların dosyası, satır başına bir hesap ya da “account” sütunlu bir CSV (en çok 100.000)',
    minBalance: 'En az bakiye',
    minBalanceHint: 'isteğe bağlı: tutulması gereken jeton, ör. 100.0000 FERN@fern.token',
    holdsNft: 'Tutulması gereken NFT',
    holdsNftHint:
      'isteğe bağlı: bir AtomicAssets koleksiyonu ya da koleksiyon:şablon, ör. fernwoodnfts:1',
    minAccountAgeDays: 'En az hesap yaşı (gün)',
    group: 'Grup',
    groupHint: 'isteğe bağlı: bir grubun kampanyaları cüzdan başına bir sınırı paylaşır',
    perWallet: 'Cüzdan başına alım',
    perWalletHint:
      'grupla birlikte: ör. 1/day (hour, day ya da week); yeni bir grup için gereklidir',
  },
  payments: {
    reward: 'Bir token miktarı',
    nft: 'Bir şablondan yeni basılan bir NFT',
    nftPool: 'Ödeme hesabının havuzundan bir NFT',
  },
  incompleteTime: 'Tarihi ve saati eksiksiz girin ya da boş bırakın.',
  create: 'Kampanya oluştur',
  creating: 'Oluşturuluyor...',
  created: (slug: string, kind: string, reward: string) =>
    `${slug} kampanyası oluşturuldu (${kind}, her biri ${reward}).`,

  generateTitle: 'Kod üret',
  generateCampaign: 'Tekil kampanya',
  generateNone: 'Önce tekil bir kampanya oluşturun.',
  count: 'Kaç tane',
  generate: 'Kod üret',
  generating: 'Üretiliyor...',
  generated: (count: number, slug: string) => `${slug} için ${count} kod üretildi.`,
  downloadCsv: 'CSV dosyasını indir',
  downloadSheet: 'Yazdırılabilir QR sayfasını indir',
  generateProgress: (made: number, count: number, slug: string) =>
    `${slug} için kodlar üretiliyor: ${count} koddan ${made} tanesi hazır.`,
  generateFailed: (made: number, count: number, slug: string) =>
    `${slug} için kod üretimi ${count} koddan ${made} tanesinde durdu; üretilen kodlar geçerli.`,

  generationsTitle: 'Kod üretimleri',
  generationsEmpty: 'Henüz kod üretilmedi.',
  generationColumns: {
    campaign: 'Kampanya',
    codes: 'Kodlar',
    by: 'İsteyen',
    started: 'Başlangıç',
    state: 'Durum',
    downloads: 'İndirmeler',
  },
  generationStates: { running: 'sürüyor', done: 'tamamlandı', failed: 'başarısız' },
  byCli: 'CLI',
  madeOf: (made: number, count: number) => `${count} koddan ${made}`,
  csv: 'CSV',
  sheet: 'QR sayfası',
  csvOf: (slug: string, started: string) => `${slug} CSV dosyası, başlangıç ${started}`,
  sheetOf: (slug: string, started: string) =>
    `${slug} yazdırılabilir QR sayfası, başlangıç ${started}`,

  payoutsTitle: 'Ödemeler',
  balance: (account: string, balance: string) => `${account} bakiyesi: ${balance}.`,
  balanceUnknown: (account: string) => `${account}: zincir yanıt vermedi; bakiye bilinmiyor.`,
  reserved: (amount: string) => `Açık kampanyaların bütçelerinden ödenecek kalan: ${amount}.`,
  reservedExceeds:
    'Açık bütçeler ödeme hesabının bakiyesini aşıyor: bütçeler bitmeden bakiyeyi artırın, yoksa ödemeler başarısız olur.',
  resourcesTitle: 'Ödeme hesabının kaynakları',
  resourceUnits: { cpu: 'µs', net: 'bayt', ram: 'bayt' },
  resourceUse: (used: string, max: string, available: string, unit: string) =>
    `${max} ${unit} içinden ${used} ${unit} kullanıldı, ${available} ${unit} kaldı`,
  resourceUnlimited: 'sınırsız',
  resourcesUnknown: 'Zincir yanıt vermedi: kaynaklar bilinmiyor.',
  payoutsRunning: 'Ödemeler sürüyor.',
  payoutsPaused: (resource: string, since: string, nextCheck: string) =>
    `Ödemeler ${since} zamanından beri duraklatıldı: ödeme hesabının ${resource} kaynağı tükendi. Her ödül sırada kalır ve hesap yeniden ${resource} kazanınca ödenir (sonraki kontrol ${nextCheck}): hesaba stake yapın veya PowerUp kullanın.`,
  failedTitle: 'Başarısız ödemeler',
  failedEmpty: 'Başarısız ödeme yok.',
  stuckTitle: (minutes: number) => `${minutes} dakikadan uzun süredir takılı`,
  stuckEmpty: 'Takılı bir şey yok.',
  payoutColumns: {
    account: 'Hesap',
    code: 'Kod',
    status: 'Durum',
    attempts: 'Deneme',
    error: 'Hata',
    since: 'Başlangıç',
    actions: 'İşlemler',
  },
  retry: 'Yeniden dene',
  retryReward: (code: string, account: string) => `Yeniden dene: ${account} için ${code}`,
  retrying: 'Yeniden deneniyor...',
  retried: (code: string) => `${code}, boşta olan ilk işleyici tarafından yeniden ödenecek.`,

  failed: (message: string) => `Başarısız: ${message}`,
  errors: {
    NOT_SIGNED_IN: 'Devam etmek için giriş yapın.',
    ADMIN_WALLET_REQUIRED: 'Konsolu açmak için bir operatörün WAX cüzdanını bağlayın.',
    ADMIN_WALLET_UNVERIFIED:
      'Bu cüzdan sahiplik kanıtı olmadan bağlandı; konsolu açmak için yeniden bağlayın.',
    ADMIN_NOT_OPERATOR: 'Bu cüzdan operatör hesaplarından biri değil.',
    ADMIN_SLUG_INVALID: 'Kısa ad 1 ile 64 arasında küçük harf, rakam veya tireden oluşmalıdır.',
    ADMIN_SLUG_TAKEN: 'Bu kısa adla bir kampanya zaten var.',
    ADMIN_NAME_INVALID: 'Ad 1 ile 120 karakter arasında olmalıdır.',
    ADMIN_REWARD_INVALID: 'Ödül bir miktar ve bir token olmalıdır, ör. "10.0000 FERN".',
    ADMIN_CONTRACT_INVALID: 'Token sözleşmesi bir WAX hesap adı olmalıdır.',
    ADMIN_NFT_INVALID:
      'NFT, ödül yerine bir koleksiyon ve şablon numarası olarak verilmelidir, ör. "fernwoodnfts:3".',
    ADMIN_NFT_TEMPLATE_UNKNOWN: 'Koleksiyonun zincirde böyle bir şablonu yok.',
    ADMIN_NFT_NOT_MINTER:
      'Ödeme hesabı koleksiyonun yetkili hesaplarından biri değil, bu yüzden bu şablonu basamaz.',
    ADMIN_NFT_SCHEMA_UNTIED:
      'Şablonun şemasında her basımı ödülüne bağlayan “reward” metin özelliği yok: extendschema ile ekleyin.',
    ADMIN_NFT_POOL_INVALID:
      'NFT havuzu, ödül ya da basılacak NFT yerine bir koleksiyon ve şablon numarası olarak verilmelidir, ör. "fernwoodnfts:2".',
    ADMIN_NFT_POOL_TEMPLATE_UNKNOWN: 'Koleksiyonun zincirde böyle bir şablonu yok.',
    ADMIN_CHAIN_UNAVAILABLE:
      'Blokzincir yanıt vermediği için NFT denetlenemedi. Hiçbir şey oluşturulmadı; biraz sonra yeniden deneyin.',
    ADMIN_NFT_POOL_EMPTY:
      'Ödeme hesabı bu şablonun dağıtılacak hiçbir varlığını tutmuyor: önce ona biraz gönderin.',
    ADMIN_TIME_INVALID: 'Başlangıç ve bitiş ISO zamanları olmalıdır, ör. 2026-12-01T09:00:00Z.',
    ADMIN_WINDOW_INVALID: 'Kampanya başladıktan sonra bitmelidir.',
    ADMIN_CAP_INVALID: 'Sınır en az 1 olan bir tam sayı olmalıdır.',
    ADMIN_BUDGET_INVALID:
      'Bütçe, ödül tokeninden bir tutar (örn. "2500.0000 FERN") ya da en az 1 ödül sayısı olmalıdır.',
    ADMIN_BUDGET_NOT_WHOLE_REWARDS: 'Bütçe tam sayıda ödül karşılamalıdır.',
    ADMIN_CODE_INVALID: 'Bu geçerli bir kod değil.',
    ADMIN_ALLOWLIST_INVALID:
      'İzin listesi 1 ile 100.000 arasında WAX hesap adı içermelidir: satır başına bir tane ya da “account” sütununda.',
    ADMIN_MIN_BALANCE_INVALID:
      'En az bakiye bir miktar, bir jeton ve sözleşmesi olmalıdır, ör. "100.0000 FERN@fern.token".',
    ADMIN_HOLDS_NFT_INVALID:
      'NFT bir koleksiyon adı olmalıdır, isteğe bağlı bir şablon numarasıyla, ör. "fernwoodnfts:1".',
    ADMIN_ACCOUNT_AGE_INVALID: 'En az hesap yaşı 1 ile 36500 arasında tam gün sayısı olmalıdır.',
    ADMIN_GROUP_INVALID:
      'Grup 1 ile 64 arasında küçük harf, rakam ya da tire olmalıdır; yeni bir grup cüzdan başına bir sınır ister.',
    ADMIN_PER_WALLET_INVALID:
      'Cüzdan başına sınır dönem başına alım olmalıdır, ör. "1/day" (hour, day ya da week), bir grupla birlikte.',
    ADMIN_UNIQUE_CODE_GIVEN:
      'Tekil kampanyaların kodları kendi verilen bir koddan değil, kod üretiminden gelir.',
    ADMIN_CODE_TAKEN: 'Bu kod başka bir kampanyaya ait.',
    ADMIN_CAMPAIGN_NOT_FOUND: 'Böyle bir kampanya yok.',
    ADMIN_CAMPAIGN_WELCOME: 'Hoş geldin kampanyası kapatılamaz: her ilk ziyaret onun kodunu alır.',
    ADMIN_CAMPAIGN_CLOSED: 'Bu kampanya zaten kapatıldı.',
    ADMIN_CAMPAIGN_NOT_CLOSED: 'Bu kampanya kapatılmadı: yeniden açılacak bir şey yok.',
    ADMIN_CAMPAIGN_WINDOW_OVER:
      'Bu kampanyanın dönemi bitti: yeniden açılsa da her kodu reddederdi, bu yüzden kapalı kalır.',
    ADMIN_CAMPAIGN_SHARED: 'Bu ortak bir kampanya: tek bir kodu var.',
    ADMIN_CODE_COUNT_INVALID: 'Sayı 1 ile 10000 arasında bir tam sayı olmalıdır.',
    ADMIN_REWARD_NOT_WAITING: 'Bu ödül ödenmeyi beklemiyor.',
    ADMIN_GENERATIONS_BUSY: 'Şu anda zaten iki kod üretimi sürüyor: biri bittiğinde bunu başlatın.',
    ADMIN_GENERATION_NOT_FOUND: 'Böyle bir kod üretimi yok.',
    ADMIN_GENERATION_RUNNING: 'Bu kod üretimi hâlâ sürüyor: bittiğinde kodlarını indirin.',
    ADMIN_EDIT_EMPTY:
      'Değişecek bir şey yok: yeni bir başlangıç, bitiş, sınır ya da kural verin veya kampanyayı yeniden açın.',
    ADMIN_CAMPAIGN_WELCOME_EDIT:
      'Hoş geldin kampanyası düzenlenemez: her ilk ziyaret onun kodunu alır.',
    ADMIN_CAP_BELOW_CLAIMED: 'Sınır, şimdiden alınmış ödüllerin altında olamaz.',
    ADMIN_KIOSK_HOURS_INVALID:
      'Bir kiosk bağlantısı 1 ile 720 arasında tam sayı saat geçerli olur.',
    ADMIN_KIOSK_CREDENTIAL_NOT_FOUND:
      'Bu kiosk bağlantısı artık geçerli değil: iptal edildi ya da süresi doldu.',
  },
}

export default tr
