import { LogoMark } from "./Icon";

/**
 * The header of the signed-out frame (PublicLayout): the logo (a link to `home`, with the
 * portal's name as `subtitle`) and the navigation's links. /intermediate, outside that frame,
 * has the same header with its own links.
 */
export function PublicHeader({
  home,
  subtitle,
  navLabel,
  children,
}: {
  home: string;
  subtitle?: string;
  navLabel: string;
  children: React.ReactNode;
}) {
  return (
    <header className="public-header">
      <a className="logo" href={home}>
        <LogoMark />
        <span>NRG</span>
        {subtitle ? <span className="logo__sub">{subtitle}</span> : null}
      </a>
      <nav aria-label={navLabel}>{children}</nav>
    </header>
  );
}
