import { useTranslation } from "react-i18next";
import type { ApiUser } from "../../core/contract";

/** What a person whose role may not do it is told (#35 §5): who does it, by name. */
export type WhoCanTopic = "payments" | "requests" | "action";

/** The names of `managers` as one phrase of the language ("Α, Β και Γ" / "A, B and C"). */
export function managerNames(managers: readonly { name: string }[], lang: string): string {
  const names = [...new Set(managers.map((m) => m.name))];
  return new Intl.ListFormat(lang === "en" ? "en" : "el", { type: "conjunction" }).format(names);
}

/**
 * "Τις πληρωμές τις κάνει: Γιώργος Παπαδόπουλος": the people of the account who may do what this
 * person may not (ApiUser.managers: the master and the admins of their supplies; names only).
 * Nothing for a person who may do it (no managers listed).
 */
export function WhoCan({
  topic,
  managers,
  className,
}: {
  topic: WhoCanTopic;
  managers: ApiUser["managers"];
  className?: string;
}) {
  const { t, i18n } = useTranslation("common");
  if (managers.length === 0) return null;
  return (
    <p className={className}>
      {t(`whoCan.${topic}`, {
        names: managerNames(managers, i18n.language),
        interpolation: { escapeValue: false },
      })}
    </p>
  );
}
