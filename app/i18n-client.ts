/** Loads a namespace the first page did not embed, from the cacheable /locales route. */
export async function loadNamespace(
  language: string,
  namespace: string,
): Promise<Record<string, unknown>> {
  const response = await fetch(`/locales/${language}/${namespace}`);
  if (!response.ok) throw new Error(`locale ${language}/${namespace}: ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}
