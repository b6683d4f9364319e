// Runs inside the page, in Firefox at the start of every document and in WebKitGTK right after
// each navigation (its WebDriver has no init scripts). Both drivers receive this file as text, so
// no build step rewrites it: tsx, for one, adds `__name()` calls the page has no definition of.
//
// It opens the wallet kit's closed shadow root, as the Chromium specs do, records what breaks the
// app without failing a visible assertion, and finds elements as a visitor names them.
;(() => {
  if ('__fernwoodSmoke' in window) return

  /** @type {string[]} */
  const problems = []
  window.addEventListener('error', (event) => problems.push(`uncaught: ${event.message}`))
  window.addEventListener('unhandledrejection', (event) =>
    problems.push(`unhandled rejection: ${String(event.reason)}`),
  )
  document.addEventListener('securitypolicyviolation', (event) =>
    problems.push(
      `Content-Security-Policy refused ${event.blockedURI || 'inline code'} (${event.effectiveDirective})`,
    ),
  )

  // Too late once the kit has built its dialog: say so rather than fail to find it later.
  if (document.getElementById('wharfkit-web-ui')) {
    problems.push('the wallet kit was built before its shadow root could be opened')
  }
  const attachShadow = Element.prototype.attachShadow
  Element.prototype.attachShadow = function (/** @type {ShadowRootInit} */ init) {
    return attachShadow.call(this, { ...init, mode: 'open' })
  }

  /** Elements of each role a flow names, as HTML gives them that role. */
  const roleSelectors = {
    button: 'button, [role="button"]',
    dialog: 'dialog, [role="dialog"], [role="alertdialog"]',
    heading: 'h1, h2, h3, h4, h5, h6, [role="heading"]',
    img: 'img, [role="img"]',
    link: 'a[href], [role="link"]',
    listitem: 'li, [role="listitem"]',
    region: 'section[aria-label], section[aria-labelledby], [role="region"]',
    tab: '[role="tab"]',
    textbox: 'input:not([type]), input[type="text"], input[type="search"], textarea',
  }

  /** @param {string | null | undefined} text */
  const normalise = (text) => (text ?? '').replace(/\s+/g, ' ').trim()

  /** The document and every open shadow root in it, however deep. */
  const roots = () => {
    /** @type {(Document | ShadowRoot)[]} */
    const found = [document]
    for (let index = 0; index < found.length; index++) {
      for (const element of found[index].querySelectorAll('*')) {
        if (element.shadowRoot) found.push(element.shadowRoot)
      }
    }
    return found
  }

  /**
   * Drawn where the visitor can see it: a box of some size, not hidden by style. (An image that
   * lays out zero pixels wide is as invisible as a hidden one.)
   * @param {Element} element
   */
  const visible = (element) => {
    const box = element.getBoundingClientRect()
    return (
      box.width > 0 &&
      box.height > 0 &&
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true })
    )
  }

  /** @param {Element} element */
  const textOf = (element) =>
    normalise(
      // biome-ignore lint/performance/useDomNodeTextContent: the text as rendered is what the visitor reads, hidden parts left out.
      element instanceof HTMLElement ? element.innerText : element.textContent,
    )

  /**
   * The name a visitor knows the element by: what labels it, else its text (for an image, its
   * alternative text; for a text box, its placeholder).
   * @param {Element} element
   */
  const nameOf = (element) => {
    const root = element.getRootNode()
    const labelledBy = element.getAttribute('aria-labelledby')
    if (labelledBy && (root instanceof Document || root instanceof ShadowRoot)) {
      return normalise(
        labelledBy
          .split(/\s+/)
          .map((id) => root.getElementById(id)?.textContent ?? '')
          .join(' '),
      )
    }
    const label = element.getAttribute('aria-label')
    if (label) return normalise(label)
    if (element instanceof HTMLImageElement) return normalise(element.alt)
    if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
      return normalise(element.labels?.[0]?.textContent || element.placeholder)
    }
    return textOf(element)
  }

  /**
   * @typedef {object} Query
   * @property {keyof typeof roleSelectors} [role] elements of this role only
   * @property {string} [name] whose name is exactly this
   * @property {string} [placeholder] text boxes showing this placeholder
   * @property {string} [text] whose visible text contains this (the innermost such elements)
   * @property {boolean} [exact] `text` is the whole visible text
   * @property {Query} [within] inside an element this query finds
   */

  /**
   * Every visible element matching `query`, in document order per root (with `hidden`, the ones
   * matching all but visibility).
   * @param {Query} query
   * @param {boolean} [hidden]
   * @returns {Element[]}
   */
  const findAll = (query, hidden = false) => {
    const scopes = query.within ? findAll(query.within) : roots()
    const selector = query.role ? roleSelectors[query.role] : '*'
    /** @type {Element[]} */
    const candidates = []
    for (const scope of scopes) {
      const inScope = [...scope.querySelectorAll(selector)]
      // A region's or dialog's content may sit in a shadow root of an element inside it.
      if (!(scope instanceof Document)) {
        for (const element of scope.querySelectorAll('*')) {
          if (element.shadowRoot) inScope.push(...element.shadowRoot.querySelectorAll(selector))
        }
      }
      candidates.push(...inScope)
    }
    const { name, placeholder, text, exact } = query
    /** @param {Element} element */
    const hasText = (element) =>
      text === undefined || (exact ? textOf(element) === text : textOf(element).includes(text))
    const matches = candidates.filter(
      (element) =>
        visible(element) !== hidden &&
        (name === undefined || nameOf(element) === name) &&
        (placeholder === undefined ||
          (element instanceof HTMLInputElement && element.placeholder === placeholder)) &&
        hasText(element),
    )
    if (text === undefined || query.role) return matches
    // Of an element and its ancestors that all contain the text, the visitor reads it in the first.
    return matches.filter(
      (element) => !matches.some((other) => other !== element && element.contains(other)),
    )
  }

  /** @param {Query} query */
  const inspect = (query) => {
    const matches = findAll(query)
    const first = matches[0]
    return {
      count: matches.length,
      hiddenCount: findAll(query, true).length,
      text: first ? textOf(first) : null,
      value: first instanceof HTMLInputElement ? first.value : null,
      loaded: first instanceof HTMLImageElement ? first.complete && first.naturalWidth > 0 : null,
    }
  }

  Object.defineProperty(window, '__fernwoodSmoke', {
    value: {
      find: (/** @type {Query} */ query) => findAll(query)[0] ?? null,
      inspect,
      language: () => document.documentElement.lang,
      problems,
    },
  })
})()
