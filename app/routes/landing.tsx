import { useTranslation } from "react-i18next";
import type { Route } from "./+types/landing";

export function meta() {
  return [{ title: "NRG" }];
}

export default function Landing(_: Route.ComponentProps) {
  const { t } = useTranslation();
  return <h1>{t("siteName")}</h1>;
}
