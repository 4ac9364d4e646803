import { useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import "./file-input.css";

/**
 * A file field that speaks the page's language (GOV.UK's file upload pattern).
 * Without JavaScript: the browser's own input, styled (its button text and "no file chosen" are
 * the browser's, which shows the chosen file's name itself). With JavaScript: the input stays
 * the focusable, labelled control but is visually hidden; a translated "Choose file" button (a
 * <label> of the input, so a click opens the picker) and the chosen file's name show instead.
 */
export function FileInput({
  id,
  name,
  accept,
  invalid,
  describedBy,
}: {
  id: string;
  name: string;
  accept: string;
  invalid: boolean;
  describedBy: string;
}) {
  const { t } = useTranslation("common");
  // Enhanced only once hydrated: the server's markup (and a page without JavaScript) keeps the
  // native input, which can show the chosen name without any script.
  const enhanced = useHydrated();
  const [chosen, setChosen] = useState<string | null>(null);
  const statusId = `${id}-status`;
  return (
    <div className={enhanced ? "file-upload file-upload--enhanced" : "file-upload"}>
      <input
        id={id}
        name={name}
        type="file"
        className={enhanced ? "file-upload__input visually-hidden" : "file-upload__input"}
        accept={accept}
        aria-invalid={invalid || undefined}
        aria-describedby={enhanced ? `${describedBy} ${statusId}` : describedBy}
        onChange={(event) => setChosen(event.currentTarget.files?.[0]?.name ?? null)}
      />
      {enhanced ? (
        <>
          {/* A second label of the input: clicking it opens the picker. Its text is hidden from
              the accessible name, which stays the field's own label. */}
          <label htmlFor={id} className="btn btn--secondary file-upload__button">
            <span aria-hidden="true">{t("fileInput.choose")}</span>
          </label>
          <span id={statusId} className="file-upload__status" aria-live="polite">
            {chosen ?? t("fileInput.none")}
          </span>
        </>
      ) : null}
    </div>
  );
}

const noSubscription = () => () => {};

/** False on the server and while hydrating, true once React runs in the browser. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
