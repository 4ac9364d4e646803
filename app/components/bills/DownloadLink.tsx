import { useRef, useState } from "react";
import { lazyDialog } from "../lazy-dialog";

const DownloadDialog = lazyDialog(() => import("./DownloadDialog").then((m) => m.DownloadDialog));

/**
 * A plain link to the file (it works without JavaScript: the server answers the file as an
 * attachment, or redirects to a page that says why not). With JavaScript the click instead
 * shows the spec's download dialog (DownloadDialog: "Please wait", the error messages), whose
 * code is fetched on the first click.
 */
export function DownloadLink({
  href,
  filename,
  className,
  children,
}: {
  href: string;
  filename: string;
  className?: string;
  children: React.ReactNode;
}) {
  // A new key per click: each click mounts a new dialog, which fetches the file once.
  const [download, setDownload] = useState(0);
  const linkRef = useRef<HTMLAnchorElement>(null);

  function close() {
    setDownload(0);
    linkRef.current?.focus();
  }

  return (
    <>
      <a
        ref={linkRef}
        href={href}
        className={className}
        onClick={(event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
          event.preventDefault();
          setDownload((n) => n + 1);
        }}
      >
        {children}
      </a>
      {download > 0 ? (
        <DownloadDialog key={download} href={href} filename={filename} onClose={close} />
      ) : null}
    </>
  );
}
