/**
 * fetch, retried when the local dev proxy (not the Worker) drops the connection: wrangler dev
 * answers "500 Network connection lost." now and then for a request with a body (a refused post,
 * a multipart upload: "Error inside ProxyWorker … failed after 1 attempt"), and on a busy machine it sometimes closes the socket mid-answer instead
 * ("other side closed"). Worker answers, 500s included, are returned as they are; a dropped
 * connection is tried again at most three times.
 */
export async function fetchWorker(url: string | URL, init: RequestInit): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(20_000), ...init });
    } catch (error) {
      if (attempt >= 4 || !droppedByProxy(error)) throw error;
      continue;
    }
    if (response.status !== 500 || attempt >= 4) return response;
    const text = await response.clone().text();
    if (!text.startsWith("Error: Network connection lost")) return response;
  }
}

function droppedByProxy(error: unknown): boolean {
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
  return cause?.code === "UND_ERR_SOCKET" || cause?.code === "ECONNRESET";
}
