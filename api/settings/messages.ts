/**
 * What the settings API answers with of its own: the message keys (locales, namespace
 * settingsModal) of its 400s, and the business refusals answered 200 `{ data: { message } }`
 * (spec §8; the portal shows settingsModal.{message}).
 */
export const SETTINGS_ERRORS = {
  notAnImage: "settingsModal.fileErrorFormt",
  fileTooLarge: "settingsModal.fileErrorSize",
  tooManyFiles: "settingsModal.fileErrorCount",
  ebillNotEditable: "settingsModal.ebillNotEditableSave",
  wrongPassword: "settingsModal.wrongPassword",
} as const;

/** Business refusals answered 200 `{ data: { message } }` (spec §8); the portal shows settingsModal.{message}. */
export type SettingsMessage = "emailInUse" | "phoneInUse";
