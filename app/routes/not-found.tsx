import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { PublicLayout } from "../components/PublicLayout";
import type { RouteHandle } from "../root";

export const handle: RouteHandle = { title: "notFound.title" };

/** The `*` catch-all: a translated page with status 404 (also keeps the i18n middleware running). */
export function loader() {
  return data({ title: null }, { status: 404 });
}

export default function NotFound() {
  const { t } = useTranslation();
  return (
    <PublicLayout narrow>
      <div className="card">
        <h1>{t("notFound.title")}</h1>
        <p>{t("notFound.body")}</p>
        <p>
          <a className="btn" href="/">
            {t("notFound.home")}
          </a>
        </p>
      </div>
    </PublicLayout>
  );
}
