import { useRouteLoaderData } from "react-router";
import type { loader } from "../root";

/** The root loader's data from any component (undefined while an error replaced the root loader). */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

export type RootLoaderData = NonNullable<ReturnType<typeof useRootData>>;
