import QRCode, { type QRCodeErrorCorrectionLevel } from 'qrcode'

/** The conditions a code is seen under; `non-qr` images hold no code and must decode to nothing. */
export const corpusCategories = [
  'clean',
  'rotated',
  'blurred',
  'low-contrast',
  'small',
  'dense',
  'noisy',
  'perspective',
  'camera-frame',
  'non-qr',
] as const

export type CorpusCategory = (typeof corpusCategories)[number]

export interface CorpusImage {
  category: CorpusCategory
  /** The text encoded in the image, or null for an image without a QR code. */
  expected: string | null
  image: ImageData
}

/** Anything with a square grid of dark (1) and light (0) modules, such as qrcode's BitMatrix. */
interface ModuleGrid {
  size: number
  get(row: number, col: number): number
}

interface Point {
  x: number
  y: number
}

interface Scene {
  width: number
  height: number
  grid: ModuleGrid
  /** Corners of the symbol including its quiet zone: top-left, top-right, bottom-right, bottom-left. */
  corners: readonly [Point, Point, Point, Point]
  dark: number
  light: number
  background: number
  blurSigma: number
  noiseSigma: number
}

const QUIET_ZONE_MODULES = 4
const DEMO_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
const SHORT_CODES = ['fernwoodwelcome', 'fernwoodspring', 'mossybonus', 'canopyday', 'rootsfern']

type Random = () => number

/** mulberry32: small, fast and good enough to make the corpus identical on every run. */
function seededRandom(seed: number): Random {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function seedFor(category: CorpusCategory, index: number): number {
  let hash = 2166136261
  for (const char of `${category}#${index}`) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619)
  return hash
}

function between(random: Random, low: number, high: number): number {
  return low + random() * (high - low)
}

function integerBetween(random: Random, low: number, high: number): number {
  return Math.floor(between(random, low, high + 1))
}

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T
}

function randomString(random: Random, alphabet: string, length: number): string {
  let text = ''
  for (let i = 0; i < length; i++) text += alphabet[Math.floor(random() * alphabet.length)]
  return text
}

function demoCode(random: Random): string {
  return `forest-${randomString(random, DEMO_CODE_ALPHABET, 4)}-${randomString(random, DEMO_CODE_ALPHABET, 4)}`
}

/** The three payload shapes visitors scan: bare short codes, demo codes and redeem URLs. */
function payload(random: Random, index: number): string {
  switch (index % 3) {
    case 0:
      return random() < 0.5
        ? pick(random, SHORT_CODES)
        : randomString(random, 'abcdefghijklmnopqrstuvwxyz', integerBetween(random, 8, 16))
    case 1:
      return demoCode(random)
    default:
      return `https://fernwood.example/redeem?code=${demoCode(random)}`
  }
}

/** Long payloads push the symbol to high versions (roughly 10 to 27) with small modules. */
function densePayload(random: Random): string {
  const length = integerBetween(random, 250, 1000)
  let text = `https://fernwood.example/redeem?code=${demoCode(random)}&campaign=`
  while (text.length < length)
    text += `${randomString(random, 'abcdefghijklmnopqrstuvwxyz0123456789', 12)}&`
  return text.slice(0, length)
}

function qrGrid(text: string, errorCorrectionLevel: QRCodeErrorCorrectionLevel = 'M'): ModuleGrid {
  return QRCode.create(text, { errorCorrectionLevel }).modules
}

/** Corners of a square symbol of `side` pixels centred on `centre`, rotated by `angle` radians. */
function squareCorners(centre: Point, side: number, angle: number): [Point, Point, Point, Point] {
  const cos = Math.cos(angle)
  const sin = Math.sin(angle)
  const half = side / 2
  const corner = (dx: number, dy: number): Point => ({
    x: centre.x + dx * cos - dy * sin,
    y: centre.y + dx * sin + dy * cos,
  })
  return [corner(-half, -half), corner(half, -half), corner(half, half), corner(-half, half)]
}

/**
 * The projective map taking the unit square to the four corners (Heckbert's square-to-quad),
 * returned inverted so each pixel can be traced back to the module it shows.
 */
function pixelToUnitSquare(corners: Scene['corners']): (x: number, y: number) => Point {
  const [p0, p1, p2, p3] = corners
  const dx3 = p0.x - p1.x + p2.x - p3.x
  const dy3 = p0.y - p1.y + p2.y - p3.y
  const dx1 = p1.x - p2.x
  const dx2 = p3.x - p2.x
  const dy1 = p1.y - p2.y
  const dy2 = p3.y - p2.y
  const denominator = dx1 * dy2 - dx2 * dy1
  const g = (dx3 * dy2 - dx2 * dy3) / denominator
  const h = (dx1 * dy3 - dx3 * dy1) / denominator
  const a = p1.x - p0.x + g * p1.x
  const b = p3.x - p0.x + h * p3.x
  const c = p0.x
  const d = p1.y - p0.y + g * p1.y
  const e = p3.y - p0.y + h * p3.y
  const f = p0.y
  const inverse = [
    e - f * h,
    c * h - b,
    b * f - c * e,
    f * g - d,
    a - c * g,
    c * d - a * f,
    d * h - e * g,
    b * g - a * h,
    a * e - b * d,
  ] as const
  return (x, y) => {
    const w = inverse[6] * x + inverse[7] * y + inverse[8]
    return {
      x: (inverse[0] * x + inverse[1] * y + inverse[2]) / w,
      y: (inverse[3] * x + inverse[4] * y + inverse[5]) / w,
    }
  }
}

const SUPERSAMPLES = 3

/** Draws the grid through the projective map with 3×3 supersampling, so edges antialias like a camera's. */
function drawGrid(scene: Scene): Float32Array {
  const { width, height, grid, corners } = scene
  const pixels = new Float32Array(width * height).fill(scene.background)
  const toUnit = pixelToUnitSquare(corners)
  const modulesAcross = grid.size + 2 * QUIET_ZONE_MODULES
  const left = Math.max(0, Math.floor(Math.min(...corners.map((p) => p.x))))
  const right = Math.min(width, Math.ceil(Math.max(...corners.map((p) => p.x))))
  const top = Math.max(0, Math.floor(Math.min(...corners.map((p) => p.y))))
  const bottom = Math.min(height, Math.ceil(Math.max(...corners.map((p) => p.y))))
  const sampleWeight = 1 / (SUPERSAMPLES * SUPERSAMPLES)
  for (let y = top; y < bottom; y++) {
    for (let x = left; x < right; x++) {
      let value = 0
      for (let sy = 0; sy < SUPERSAMPLES; sy++) {
        for (let sx = 0; sx < SUPERSAMPLES; sx++) {
          const unit = toUnit(x + (sx + 0.5) / SUPERSAMPLES, y + (sy + 0.5) / SUPERSAMPLES)
          if (unit.x < 0 || unit.x >= 1 || unit.y < 0 || unit.y >= 1) {
            value += scene.background
            continue
          }
          const col = Math.floor(unit.x * modulesAcross) - QUIET_ZONE_MODULES
          const row = Math.floor(unit.y * modulesAcross) - QUIET_ZONE_MODULES
          const inside = row >= 0 && col >= 0 && row < grid.size && col < grid.size
          value += inside && grid.get(row, col) ? scene.dark : scene.light
        }
      }
      pixels[y * width + x] = value * sampleWeight
    }
  }
  return pixels
}

function boxBlurPass(
  source: Float32Array,
  target: Float32Array,
  width: number,
  height: number,
  radius: number,
  horizontal: boolean,
): void {
  const lines = horizontal ? height : width
  const length = horizontal ? width : height
  const step = horizontal ? 1 : width
  const span = 2 * radius + 1
  for (let line = 0; line < lines; line++) {
    const start = horizontal ? line * width : line
    const at = (i: number) => source[start + Math.min(length - 1, Math.max(0, i)) * step] as number
    let sum = 0
    for (let i = -radius; i <= radius; i++) sum += at(i)
    for (let i = 0; i < length; i++) {
      target[start + i * step] = sum / span
      sum += at(i + radius + 1) - at(i - radius)
    }
  }
}

/** Three box blurs approximate a Gaussian of the given sigma. */
function blur(pixels: Float32Array, width: number, height: number, sigma: number): void {
  const radius = Math.max(1, Math.round((Math.sqrt(4 * sigma * sigma + 1) - 1) / 2))
  const spare = new Float32Array(pixels.length)
  for (let pass = 0; pass < 3; pass++) {
    boxBlurPass(pixels, spare, width, height, radius, true)
    boxBlurPass(spare, pixels, width, height, radius, false)
  }
}

function addNoise(pixels: Float32Array, sigma: number, random: Random): void {
  for (let i = 0; i < pixels.length; i++) {
    const gaussian = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random())
    pixels[i] = (pixels[i] as number) + gaussian * sigma
  }
}

function toImageData(pixels: Float32Array, width: number, height: number): ImageData {
  const image = new ImageData(width, height)
  for (let i = 0; i < pixels.length; i++) {
    const value = Math.max(0, Math.min(255, Math.round(pixels[i] as number)))
    image.data[i * 4] = value
    image.data[i * 4 + 1] = value
    image.data[i * 4 + 2] = value
    image.data[i * 4 + 3] = 255
  }
  return image
}

function render(scene: Scene, random: Random): ImageData {
  const pixels = drawGrid(scene)
  if (scene.blurSigma > 0) blur(pixels, scene.width, scene.height, scene.blurSigma)
  if (scene.noiseSigma > 0) addNoise(pixels, scene.noiseSigma, random)
  return toImageData(pixels, scene.width, scene.height)
}

interface Placement {
  modulePixels: number
  angle: number
  margin: number
}

/** A scene holding `grid` at the given module size and angle, on a canvas just large enough. */
function placedScene(grid: ModuleGrid, { modulePixels, angle, margin }: Placement): Scene {
  const side = (grid.size + 2 * QUIET_ZONE_MODULES) * modulePixels
  const extent = Math.ceil(
    side * (Math.abs(Math.cos(angle)) + Math.abs(Math.sin(angle))) + 2 * margin,
  )
  return {
    width: extent,
    height: extent,
    grid,
    corners: squareCorners({ x: extent / 2, y: extent / 2 }, side, angle),
    dark: 20,
    light: 245,
    background: 235,
    blurSigma: 0,
    noiseSigma: 0,
  }
}

/** The code placed at random in a frame of fixed size, as a camera sees it. */
function framedScene(
  grid: ModuleGrid,
  frame: { width: number; height: number },
  modulePixels: number,
  angle: number,
  random: Random,
): Scene {
  const side = (grid.size + 2 * QUIET_ZONE_MODULES) * modulePixels
  const reach = (side * (Math.abs(Math.cos(angle)) + Math.abs(Math.sin(angle)))) / 2 + 5
  const centre = {
    x: between(random, reach, frame.width - reach),
    y: between(random, reach, frame.height - reach),
  }
  const scene = placedScene(grid, { angle, margin: 0, modulePixels })
  return { ...scene, ...frame, corners: squareCorners(centre, side, angle) }
}

function degrees(value: number): number {
  return (value * Math.PI) / 180
}

function qrScene(
  category: Exclude<CorpusCategory, 'non-qr'>,
  grid: ModuleGrid,
  random: Random,
): Scene {
  const upright = { angle: 0, margin: integerBetween(random, 10, 40) }
  switch (category) {
    case 'clean':
      return placedScene(grid, { ...upright, modulePixels: integerBetween(random, 4, 8) })
    case 'rotated': {
      const angle = degrees(between(random, 10, 45)) * (random() < 0.5 ? -1 : 1)
      return placedScene(grid, { angle, margin: 10, modulePixels: between(random, 4, 7) })
    }
    case 'blurred': {
      const modulePixels = between(random, 4, 7)
      return {
        ...placedScene(grid, { ...upright, modulePixels }),
        blurSigma: modulePixels * between(random, 0.3, 0.6),
      }
    }
    case 'low-contrast': {
      const light = between(random, 150, 200)
      const dark = light - between(random, 25, 60)
      const scene = placedScene(grid, { ...upright, modulePixels: between(random, 4, 7) })
      return { ...scene, dark, light, background: light - 5, noiseSigma: 3 }
    }
    case 'small':
      // A distant code: under 3 pixels per module, off the pixel grid.
      return framedScene(
        grid,
        { width: 320, height: 240 },
        between(random, 1.6, 3),
        degrees(between(random, -4, 4)),
        random,
      )
    case 'camera-frame': {
      // A code held up to a 640x480 webcam: slightly turned, soft focus, sensor grain, dim room.
      const scene = framedScene(
        grid,
        { width: 640, height: 480 },
        between(random, 3, 6),
        degrees(between(random, -10, 10)),
        random,
      )
      return {
        ...scene,
        background: between(random, 80, 200),
        blurSigma: between(random, 0.4, 1),
        noiseSigma: between(random, 4, 10),
      }
    }
    case 'dense':
      return placedScene(grid, { ...upright, modulePixels: between(random, 3, 4.5) })
    case 'noisy':
      return {
        ...placedScene(grid, { ...upright, modulePixels: between(random, 4, 7) }),
        noiseSigma: between(random, 30, 70),
      }
    case 'perspective': {
      // A code held at an angle to the camera: each corner pulled up to a fifth of the side.
      const modulePixels = between(random, 4, 7)
      const side = (grid.size + 2 * QUIET_ZONE_MODULES) * modulePixels
      const scene = placedScene(grid, { angle: 0, margin: Math.ceil(side * 0.25), modulePixels })
      const square = squareCorners(
        { x: scene.width / 2, y: scene.height / 2 },
        side,
        degrees(between(random, -15, 15)),
      )
      const jitter = side * 0.2
      const pull = (p: Point) => ({
        x: p.x + between(random, -jitter, jitter),
        y: p.y + between(random, -jitter, jitter),
      })
      return {
        ...scene,
        corners: [pull(square[0]), pull(square[1]), pull(square[2]), pull(square[3])],
      }
    }
  }
}

/** A QR symbol whose data area is scrambled: finder patterns and format info intact, content unrecoverable. */
function scrambledQrGrid(random: Random): ModuleGrid {
  const real = qrGrid(demoCode(random))
  const inFinderCorner = (row: number, col: number) =>
    (row < 9 && col < 9) || (row < 9 && col >= real.size - 8) || (row >= real.size - 8 && col < 9)
  const flipped = new Set<number>()
  for (let row = 0; row < real.size; row++)
    for (let col = 0; col < real.size; col++)
      if (!inFinderCorner(row, col) && random() < 0.5) flipped.add(row * real.size + col)
  return {
    size: real.size,
    get: (row, col) => real.get(row, col) ^ (flipped.has(row * real.size + col) ? 1 : 0),
  }
}

function randomGrid(random: Random): ModuleGrid {
  const size = integerBetween(random, 21, 41)
  const bits = Array.from({ length: size * size }, () => (random() < 0.5 ? 1 : 0))
  return { size, get: (row, col) => bits[row * size + col] as number }
}

/** Images a visitor might upload or point the camera at that hold no QR code. */
function nonQrImage(index: number, random: Random): ImageData {
  const width = integerBetween(random, 320, 640)
  const height = integerBetween(random, 240, 480)
  const pixels = new Float32Array(width * height)
  const fill = (shade: (x: number, y: number) => number) => {
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) pixels[y * width + x] = shade(x, y)
  }
  switch (index % 8) {
    case 0: {
      const angle = between(random, 0, Math.PI)
      const [cos, sin] = [Math.cos(angle), Math.sin(angle)]
      fill((x, y) => 40 + 120 * ((x * cos + y * sin) / (width + height) + 0.5))
      break
    }
    case 1:
      fill(() => between(random, 0, 255))
      break
    case 2: {
      fill(() => 230)
      for (let n = integerBetween(random, 15, 40); n > 0; n--) {
        const [x0, y0] = [
          integerBetween(random, 0, width - 1),
          integerBetween(random, 0, height - 1),
        ]
        const [w, h, shade] = [
          integerBetween(random, 5, 80),
          integerBetween(random, 5, 80),
          between(random, 0, 255),
        ]
        for (let y = y0; y < Math.min(height, y0 + h); y++)
          for (let x = x0; x < Math.min(width, x0 + w); x++) pixels[y * width + x] = shade
      }
      break
    }
    case 3:
    case 4: {
      const grid = index % 8 === 3 ? randomGrid(random) : scrambledQrGrid(random)
      return render(
        placedScene(grid, { angle: 0, margin: 20, modulePixels: integerBetween(random, 4, 7) }),
        random,
      )
    }
    case 5: {
      // A 1D barcode: bars of random widths, light below like the human-readable line.
      const bars: number[] = []
      for (let dark = true; bars.length < width; dark = !dark)
        bars.push(...Array<number>(integerBetween(random, 1, 4)).fill(dark ? 20 : 240))
      fill((x, y) => (y > height * 0.8 ? 240 : (bars[x] as number)))
      break
    }
    case 6: {
      const cell = integerBetween(random, 4, 24)
      fill((x, y) => ((Math.floor(x / cell) + Math.floor(y / cell)) % 2 === 0 ? 20 : 240))
      break
    }
    default: {
      const [cx, cy, ring] = [
        between(random, 0, width),
        between(random, 0, height),
        between(random, 4, 16),
      ]
      fill((x, y) => (Math.floor(Math.hypot(x - cx, y - cy) / ring) % 2 === 0 ? 30 : 225))
    }
  }
  addNoise(pixels, 4, random)
  return toImageData(pixels, width, height)
}

/** Image `index` of `category`, the same on every run. */
export function corpusImage(category: CorpusCategory, index: number): CorpusImage {
  const random = seededRandom(seedFor(category, index))
  if (category === 'non-qr') return { category, expected: null, image: nonQrImage(index, random) }
  const dense = category === 'dense'
  const expected = dense ? densePayload(random) : payload(random, index)
  const grid = qrGrid(expected, dense ? pick(random, ['L', 'M'] as const) : 'M')
  return { category, expected, image: render(qrScene(category, grid, random), random) }
}
