import { createContext, useContext, useId, type ReactNode } from 'react';

/**
 * Whether the staff page folds a panel, by its title. The page decides (the work of the moment
 * stays open, decision 0318); a panel outside such a page is open.
 */
export const PanelFolding = createContext<(title: string) => boolean>(() => false);

/**
 * A titled section of the staff detail page; a folded one is a native <details> whose summary is
 * its title (keyboard and screen readers open it without script, and it prints).
 */
export function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  const folded = useContext(PanelFolding)(title);
  if (folded)
    return (
      <details className="panel folded-panel">
        <summary>
          <h2 id={id}>{title}</h2>
        </summary>
        {children}
      </details>
    );
  return (
    <section className="panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
