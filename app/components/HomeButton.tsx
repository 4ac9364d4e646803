import type { ReactNode } from "react";

/** The way out at the end of a signed-out flow (an application, a direct debit): back home. */
export function HomeButton({ children }: { children: ReactNode }) {
  return (
    <div className="actions">
      <a className="btn btn--secondary" href="/">
        {children}
      </a>
    </div>
  );
}
