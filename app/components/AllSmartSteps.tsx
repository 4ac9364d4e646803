import { useTranslation } from "react-i18next";

const STEPS = ["vat", "card", "done"] as const;

/** Where the visitor is in the allSmart application (spec §2: VAT, link or create, done). */
export function AllSmartSteps({ current }: { current: (typeof STEPS)[number] }) {
  const { t } = useTranslation("allSmart");
  return (
    <nav aria-label={t("steps.label")}>
      <ol className="flow-steps">
        {STEPS.map((step) => (
          <li key={step} aria-current={step === current ? "step" : undefined}>
            {step === current ? <strong>{t(`steps.${step}`)}</strong> : t(`steps.${step}`)}
          </li>
        ))}
      </ol>
    </nav>
  );
}
