/**
 * WCAG 2.x contrast, computed from CSS colours as the browser reports them (`rgb(r, g, b)` or
 * `rgba(r, g, b, a)`): the ratio of the lighter relative luminance to the darker, each + 0.05.
 */
export function contrastRatio(foreground: string, background: string): number {
  const [lighter, darker] = [luminance(foreground), luminance(background)].sort((a, b) => b - a)
  return (lighter + 0.05) / (darker + 0.05)
}

function luminance(color: string): number {
  const channels = color.match(/[\d.]+/g)?.map(Number)
  if (!channels || channels.length < 3) throw new Error(`not an rgb() colour: ${color}`)
  if (channels.length === 4 && channels[3] !== 1) {
    throw new Error(`a translucent colour has no contrast of its own: ${color}`)
  }
  const [r, g, b] = channels.slice(0, 3).map((channel) => {
    const value = channel / 255
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}
