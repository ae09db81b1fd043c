import { useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useLocation } from 'react-router';

export interface Tab {
  id: string;
  label: string;
  content: ReactNode;
}

// The focus ring is drawn inside the tab: the row scrolls sideways when its tabs do not fit (an owner's five
// on a phone), with a shadow at the edge the rest lies beyond, and a scrolling row clips what lies outside it.
const tabClass =
  'inline-flex min-h-11 shrink-0 items-center whitespace-nowrap border-b-2 px-1.5 text-[13px] sm:px-4 sm:text-sm font-semibold hover:text-brand-700 aria-selected:border-brand-600 aria-selected:text-brand-700 border-transparent text-slate-700 focus-visible:-outline-offset-3';

/** The tab named by the page's `?tab=`, when there is one of that name; the first tab otherwise. */
function tabFromSearch(search: string, tabs: Tab[]): string | undefined {
  const asked = new URLSearchParams(search).get('tab');
  return tabs.find((tab) => tab.id === asked)?.id ?? tabs[0]?.id;
}

/**
 * WAI-ARIA tabs with automatic activation: arrow keys, Home and End move between tabs. Every panel is
 * rendered (hidden when not selected) so the page is complete for search engines. Each tab is a link to
 * the same page with `?tab=` set, which the server renders with that tab open: without JavaScript the tabs
 * still work, and an address names the tab it shows. With JavaScript a tab opens in place and the address
 * follows it.
 */
export function Tabs({ id, label, tabs }: { id: string; label: string; tabs: Tab[] }) {
  const { pathname, search } = useLocation();
  const [selected, setSelected] = useState(() => tabFromSearch(search, tabs));
  const links = useRef<(HTMLAnchorElement | null)[]>([]);

  function select(index: number) {
    const tab = tabs[index]!;
    setSelected(tab.id);
    const url = new URL(window.location.href);
    if (index === 0) url.searchParams.delete('tab');
    else url.searchParams.set('tab', tab.id);
    url.hash = '';
    window.history.replaceState(window.history.state, '', url);
  }

  function onClick(event: MouseEvent, index: number) {
    // A click that asks for a new tab or window keeps the link's own behaviour.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    select(index);
  }

  function onKeyDown(event: KeyboardEvent, index: number) {
    const last = tabs.length - 1;
    const next = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
      // Space would scroll the page; the focused tab is already open.
      ' ': index,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
    links.current[next]?.focus();
  }

  return (
    <div id={id} className="mt-10 scroll-mt-4">
      <div
        role="tablist"
        aria-label={label}
        className="scroll-edges flex overflow-x-auto border-b border-slate-200 [--scroll-cover:var(--color-slate-50)]"
      >
        {tabs.map((tab, index) => (
          <a
            key={tab.id}
            ref={(el) => {
              links.current[index] = el;
            }}
            href={`${pathname}${index === 0 ? '' : `?tab=${tab.id}`}#${id}`}
            role="tab"
            id={`${id}-tab-${tab.id}`}
            aria-controls={`${id}-panel-${tab.id}`}
            aria-selected={tab.id === selected}
            tabIndex={tab.id === selected ? 0 : -1}
            onClick={(event) => onClick(event, index)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={tabClass}
          >
            {tab.label}
          </a>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${id}-panel-${tab.id}`}
          aria-labelledby={`${id}-tab-${tab.id}`}
          hidden={tab.id !== selected}
          tabIndex={0}
          className="py-6"
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}
