import type { Role } from "../../../core/contract";
import { allowedActions, assignableRoles } from "../../../core/permissions";

/**
 * The words of the people pages for the account's kind (#38 §4): a company's staff (#18), or a
 * household's relatives and carers. Only the texts that name the people or their levels differ;
 * the household's are under `people:household.*`.
 */
const HOUSEHOLD_WORDS = new Set([
  "title",
  "intro",
  "invite",
  "notPermitted",
  "caption",
  "back",
  "levels",
  "new.title",
  "new.intro",
]);

export interface PeopleWords {
  /** A text in the account's words. */
  word: (key: string) => string;
  /** A level's name ("Μόνο προβολή"). */
  role: (role: Role) => string;
  /** The role field's legend. */
  roleField: string;
  /**
   * What a person of `role` may do, one phrase per action of core/permissions.ts that the role
   * has: the description is generated from the PERMISSIONS table, never written twice.
   */
  can: (role: Role) => string[];
  /** The same as one line: a radio option's hint. */
  hint: (role: Role) => string;
}

/** A translate function with full keys ("people:…"), as useTranslation and getFixedT give. */
type Translate = (key: string) => string;

export function peopleWords(t: Translate, household: boolean): PeopleWords {
  const word = (key: string) =>
    t(household && HOUSEHOLD_WORDS.has(key) ? `people:household.${key}` : `people:${key}`);
  const can = (role: Role) => allowedActions(role).map((action) => t(`people:can.${action}`));
  return {
    word,
    role: (role) => t(household ? `people:household.role.${role}` : `people:role.${role}`),
    roleField: t(household ? "people:household.fieldRole" : "people:fields.role"),
    can,
    hint: (role) => `${t("people:can.intro")} ${can(role).join("; ")}.`,
  };
}

/** The levels `myRole` may give, as the invite and change forms offer them. */
export const offeredRoles = (myRole: Role | null | undefined): Role[] =>
  myRole ? assignableRoles(myRole) : [];
