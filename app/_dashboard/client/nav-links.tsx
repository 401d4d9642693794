"use client";

import { usePathname } from "next/navigation";

type Item = { href: string; label: string };

/**
 * The dashboard's pages: a side list on a wide screen; on a phone (dashboard.css) a "Menu"
 * disclosure naming the current page instead of a strip of tabs that clipped it. Both are links
 * rendered by the server too, so the menu opens without JavaScript.
 */
export function NavLinks({ items, menuLabel }: { items: Item[]; menuLabel: string }) {
  const pathname = usePathname();
  const isActive = (item: Item) => (item.href === "/dashboard" ? pathname === "/dashboard" : pathname.startsWith(item.href));
  // The longest match: /dashboard/payouts/bulk is under Payouts, not another entry that prefixes it.
  const current = items.filter(isActive).sort((a, b) => b.href.length - a.href.length)[0];
  const list = (testId?: string) => (
    <ul className="nav-list" data-testid={testId}>
      {items.map((item) => (
        <li key={item.href}>
          <a href={item.href} aria-current={item === current ? "page" : undefined}>
            {item.label}
          </a>
        </li>
      ))}
    </ul>
  );
  return (
    <>
      {list()}
      <details className="nav-menu" data-testid="nav-menu">
        <summary>
          {menuLabel}
          {current ? ` · ${current.label}` : ""}
        </summary>
        {list()}
      </details>
    </>
  );
}
