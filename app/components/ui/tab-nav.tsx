import { NavLink } from "@remix-run/react";

export type Tab = { to: string; label: string; end?: boolean };

/*
 * Tabs that are URLs: each one a link to its own nested route, so a tab works without JS, can be
 * bookmarked and comes back with the browser's back button. The current one carries
 * aria-current="page" (NavLink) and is marked by more than colour (weight and underline).
 */
export function TabNav({ label, tabs }: { label: string; tabs: Tab[] }) {
  return (
    <nav aria-label={label} className="border-border -mx-4 overflow-x-auto border-b px-4">
      <ul className="flex min-w-max gap-1">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end={tab.end}
              prefetch="intent"
              className={({ isActive }) =>
                `-mb-px inline-flex min-h-11 items-center border-b-2 px-3 text-sm ${
                  isActive
                    ? "border-accent text-fg font-semibold"
                    : "text-fg-muted hover:text-fg border-transparent"
                }`
              }
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
