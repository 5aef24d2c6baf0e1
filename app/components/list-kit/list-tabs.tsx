import { Link } from '../link';

export interface ListTab {
  /** Its words ("Gating"), and where it goes (a path; the tab keeps the list's search and filters). */
  label: string;
  to: string;
  /** How many the tab holds, when the page knows it. */
  count?: number;
}

/**
 * A list's tabs (the state list's All, Assigned to me, Gating, …): plain links in a named navigation list, the
 * current one marked with aria-current="page", so they work without JavaScript, copy as URLs and read as
 * links in a text browser. Plain elements with the kit's build-time class `ui-tabs` (classes.ts).
 */
export function ListTabs({ label, tabs, current }: { label: string; tabs: readonly ListTab[]; current: string }) {
  return (
    <nav aria-label={label}>
      <ul className="ui-tabs">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <Link to={tab.to} aria-current={tab.to === current ? 'page' : undefined} data-testid="list-tab">
              {tab.label}
              {tab.count === undefined ? null : <span className="count"> ({tab.count})</span>}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
