/** The request came from the download dialog's fetch (JavaScript), not a plain link. */
export function isFetchDownload(request: Request): boolean {
  return request.headers.get("x-download") === "fetch";
}

/** Headers passed on from the API's file answer. */
export function fileHeaders(from: Response, size: number): Headers {
  const headers = new Headers({
    "content-type": from.headers.get("content-type") ?? "application/octet-stream",
    "content-length": String(size),
    "cache-control": "private, no-store",
    "x-content-type-options": "nosniff",
  });
  const disposition = from.headers.get("content-disposition");
  if (disposition) headers.set("content-disposition", disposition);
  return headers;
}
