/**
 * Markup the product made itself (the page's frame, a QR code's SVG): put into a page as it is.
 * Anything else is text.
 */
export class Markup {
  constructor(readonly markup: string) {}

  toString(): string {
    return this.markup
  }
}

/**
 * The one way the product writes HTML: a template whose every interpolation is text, escaped,
 * unless it is Markup. Its pages are opened from disk, where no CSP applies, and carry text
 * chosen by others (an NFT template's name is anyone's on chain): such text must stay text.
 */
export function html(
  strings: TemplateStringsArray,
  ...values: ReadonlyArray<string | Markup>
): Markup {
  return new Markup(
    strings.reduce((page, part, index) => `${page}${escaped(values[index - 1])}${part}`),
  )
}

function escaped(value: string | Markup): string {
  if (value instanceof Markup) return value.markup
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)
}
