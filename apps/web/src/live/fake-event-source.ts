/**
 * The browser's EventSource as far as the feed sees it (named events, errors, readyState), for the
 * unit tests to stub the global with.
 */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSED = 2
  static opened: FakeEventSource[] = []
  readyState = FakeEventSource.CONNECTING

  constructor(readonly url: string) {
    super()
    FakeEventSource.opened.push(this)
  }

  deliver(type: string, data: unknown): void {
    this.readyState = FakeEventSource.OPEN
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }))
  }

  /** What the browser does when a stream drops: try again by itself. */
  drop(): void {
    this.readyState = FakeEventSource.CONNECTING
    this.dispatchEvent(new Event('error'))
  }

  /** What the browser does when the server answers with an error status: give up for good. */
  refuse(): void {
    this.readyState = FakeEventSource.CLOSED
    this.dispatchEvent(new Event('error'))
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED
  }
}
