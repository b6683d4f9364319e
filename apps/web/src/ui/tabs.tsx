import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react'
import './tabs.css'

export interface Tab<Key extends string> {
  key: Key
  label: string
  panel: ReactNode
}

interface TabsProps<Key extends string> {
  label: string
  tabs: Tab<Key>[]
  selected: Key
  onSelect: (key: Key) => void
}

/**
 * The WAI-ARIA tabs pattern with automatic activation: one tab stop for the tab list, arrow keys
 * (and Home/End) move between tabs and show their panel. Every panel stays in the document,
 * hidden unless selected, so `aria-controls` always names a real element.
 */
export function Tabs<Key extends string>({ label, tabs, selected, onSelect }: TabsProps<Key>) {
  const id = useId()
  const tabRefs = useRef(new Map<Key, HTMLButtonElement>())

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.key === selected)
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    }
    const next = moves[event.key]
    if (next === undefined) return
    event.preventDefault()
    const key = tabs[next].key
    onSelect(key)
    tabRefs.current.get(key)?.focus()
  }

  return (
    <div className="tabs">
      <div className="tabs__list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            ref={(element) => {
              if (element) tabRefs.current.set(tab.key, element)
              else tabRefs.current.delete(tab.key)
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.key}`}
            className="tabs__tab"
            aria-selected={tab.key === selected}
            aria-controls={`${id}-panel-${tab.key}`}
            tabIndex={tab.key === selected ? 0 : -1}
            onClick={() => onSelect(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={`${id}-panel-${tab.key}`}
          className="tabs__panel"
          aria-labelledby={`${id}-tab-${tab.key}`}
          hidden={tab.key !== selected}
        >
          {tab.panel}
        </div>
      ))}
    </div>
  )
}
