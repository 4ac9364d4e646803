import type { BackendModule } from "i18next";

/** Loads a namespace the first page did not embed, from the cacheable /locales route. */
export const httpBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    fetch(`/locales/${language}/${namespace}`)
      .then((response) => {
        if (!response.ok) throw new Error(`locale ${language}/${namespace}: ${response.status}`);
        return response.json();
      })
      .then((data) => callback(null, data as Record<string, unknown>))
      .catch((error: unknown) => callback(error as Error, false));
  },
};
