import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface Tab {
  id: string;
  label: string;
  content: ReactNode;
}

const tabClass =
  'min-h-11 whitespace-nowrap border-b-2 px-3 text-sm sm:px-4 font-semibold hover:text-brand-700 aria-selected:border-brand-600 aria-selected:text-brand-700 border-transparent text-slate-700';

/**
 * WAI-ARIA tabs with automatic activation: arrow keys, Home and End move between tabs. Every panel is
 * rendered (hidden when not selected) so the page is complete for search engines and before scripts run.
 */
export function Tabs({ label, tabs }: { label: string; tabs: Tab[] }) {
  const [selected, setSelected] = useState(tabs[0]?.id);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const base = useId();

  function onKeyDown(event: KeyboardEvent, index: number) {
    const last = tabs.length - 1;
    const next = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setSelected(tabs[next]!.id);
    buttons.current[next]?.focus();
  }

  return (
    <div className="mt-10">
      <div role="tablist" aria-label={label} className="flex flex-wrap border-b border-slate-200">
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(el) => {
              buttons.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${tab.id}`}
            aria-controls={`${base}-panel-${tab.id}`}
            aria-selected={tab.id === selected}
            tabIndex={tab.id === selected ? 0 : -1}
            onClick={() => setSelected(tab.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={tabClass}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${base}-panel-${tab.id}`}
          aria-labelledby={`${base}-tab-${tab.id}`}
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
