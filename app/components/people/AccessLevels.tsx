import type { Role } from "../../../core/contract";
import type { PeopleWords } from "./access";

/**
 * What each level may do (#38 §4): the roles given (every one but the holder's, which is never
 * given) with the phrases of core/permissions.ts, so that the person choosing a level reads what
 * the API will allow and nothing else.
 */
export function AccessLevels({ words, roles }: { words: PeopleWords; roles: readonly Role[] }) {
  return (
    <section className="card people-section" aria-labelledby="people-levels">
      <h2 id="people-levels" className="card__title">
        {words.word("levels")}
      </h2>
      <dl className="people-levels">
        {roles.map((role) => (
          <div key={role}>
            <dt>{words.role(role)}</dt>
            <dd>
              <ul>
                {words.can(role).map((phrase) => (
                  <li key={phrase}>{phrase}</li>
                ))}
              </ul>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
